import negotiate from "@fastify/accept-negotiator";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

const GRAPHQL_RESPONSE = "application/graphql-response+json";
const JSON_TYPE = "application/json";

/** What each refusal of the request itself (before GraphQL sees it) tells the client, by Fastify's code. */
const REFUSALS: Record<string, { code: string; message: (error: FastifyError) => string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "BAD_REQUEST", message: () => "The request body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "BAD_REQUEST", message: () => "The request body is empty: send a JSON object with a query" },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: () => "The request body is larger than the server takes" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "UNSUPPORTED_MEDIA_TYPE", message: () => "GraphQL takes a POST body of type application/json" },
};

/**
 * The media type a GraphQL-over-HTTP answer is written in: of the two the spec names, the one the
 * client's Accept weighs more, and application/json on a tie (as Apollo chooses) or when it names neither.
 */
export function graphqlMediaType(accept: string | undefined): string {
  return negotiate(accept ?? "", [JSON_TYPE, GRAPHQL_RESPONSE]) ?? JSON_TYPE;
}

/**
 * /graphql's answer to a request refused before GraphQL reads it (malformed JSON, a body past the
 * limit, a media type it does not take): GraphQL-shaped, `{"errors": [...]}` with a code, under the
 * 4xx status that says why, in the media type the client accepts. Anything else is an internal error,
 * logged and told without its details.
 */
export function graphqlTransportError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  const refusal = error.code ? REFUSALS[error.code] : undefined;
  const client = status >= 400 && status < 500;
  if (!client) request.log.error({ err: error }, "GraphQL request failed before execution");
  const body = {
    errors: [
      refusal
        ? { message: refusal.message(error), extensions: { code: refusal.code } }
        : client
          ? { message: error.message, extensions: { code: "BAD_REQUEST" } }
          : { message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } },
    ],
  };
  return reply.code(client ? status : 500).type(`${graphqlMediaType(request.headers.accept)}; charset=utf-8`).send(JSON.stringify(body));
}
