import type { ApolloServer } from "@apollo/server";
import { fastifyApolloHandler } from "@as-integrations/fastify";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../auth/context";
import { graphqlTransportError } from "./transport-errors";

/**
 * GraphQL-over-HTTP status codes. Apollo answers a request that fails to parse or validate with
 * 400 whatever the client accepts (and with 500 when graphql-armor's token limit stops the parse);
 * the specification asks for 200 under `application/json`, whose clients read `errors` from the
 * body, and a 4xx under `application/graphql-response+json`. Query-limit refusals stay 400 under
 * both, so a client that hit a limit always sees it in the status too.
 */
const REQUEST_ERROR_CODES = new Set(["GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT"]);
const QUERY_LIMIT = /limit of \d+ exceeded/i;

interface RequestErrorBody {
  data?: unknown;
  errors?: { message?: string; extensions?: { code?: unknown } }[];
}

function requestErrors(payload: unknown): RequestErrorBody["errors"] | null {
  if (typeof payload !== "string" || !payload.startsWith("{")) return null;
  let body: RequestErrorBody;
  try {
    body = JSON.parse(payload) as RequestErrorBody;
  } catch {
    return null;
  }
  if ("data" in body || !Array.isArray(body.errors) || body.errors.length === 0) return null;
  return body.errors.every((error) => REQUEST_ERROR_CODES.has(String(error.extensions?.code))) ? body.errors : null;
}

function statusFor(contentType: string, errors: NonNullable<RequestErrorBody["errors"]>): number {
  if (errors.some((error) => QUERY_LIMIT.test(error.message ?? ""))) return 400;
  return contentType.startsWith("application/graphql-response+json") ? 400 : 200;
}

async function settleStatus(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 400 && reply.statusCode !== 500) return payload;
  const errors = requestErrors(payload);
  if (errors) reply.code(statusFor(String(reply.getHeader("content-type") ?? ""), errors));
  return payload;
}

/** /graphql: GET and POST go to Apollo; any other method is told which ones the endpoint allows. */
export function graphqlRoutes(server: FastifyInstance, apollo: ApolloServer<AppContext>, contextFor: (request: FastifyRequest) => Promise<AppContext>) {
  server.route({
    url: "/graphql",
    method: ["GET", "POST", "OPTIONS"],
    onSend: settleStatus,
    errorHandler: graphqlTransportError,
    handler: fastifyApolloHandler(apollo, { context: contextFor }),
  });
  server.route({
    url: "/graphql",
    method: ["PUT", "PATCH", "DELETE"],
    handler: (_request, reply) => reply.code(405).header("allow", "GET, POST").send({ errors: [{ message: "GraphQL accepts GET (queries only) and POST.", extensions: { code: "METHOD_NOT_ALLOWED" } }] }),
  });
}
