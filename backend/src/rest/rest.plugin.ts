import fastifyMultipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MAX_UPLOAD_BYTES } from "../modules/media/media-checks";
import { assertAccess } from "../auth/require-auth";
import type { AppContext } from "../auth/context";
import { DomainError } from "../common/errors";
import { present } from "./present";
import { openApiDocument } from "./openapi";
import { AnswerSchemas } from "./openapi-answers";
import { appSchema } from "../graphql/schema";
import { referencePage, referencePagePolicy, REFERENCE_SCRIPT } from "./reference-page";
import { Download } from "../common/rest-route";
import { routes } from "./routes";

interface RestOptions {
  contextFor(request: FastifyRequest): Promise<AppContext>;
}

/** The one path that takes a file, as its route declares for the OpenAPI document too. */
const MULTIPART_ROUTE = routes.find((route) => route.doc?.multipart)!.url;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The legacy REST door: JSON in and out, errors as `{"detail": "..."}`. */
export async function restPlugin(app: FastifyInstance, { contextFor }: RestOptions): Promise<void> {
  // Many legacy clients send Content-Type: application/json on calls without a payload (approve,
  // for one); an empty body there means no body. Anything else goes to Fastify's own JSON parser.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) =>
    (body as string).trim() === "" ? done(null, undefined) : parseJson(request, body as string, done),
  );

  // Uploads come as multipart/form-data: each file part becomes a Buffer in the body under its field
  // name. One byte past the largest upload is kept, so the service refuses an oversized file by name.
  // The body is read before the route checks access, so only the upload path takes multipart, and
  // only from a caller who sends credentials at all.
  app.addHook("onRequest", async (request, reply) => {
    if (!request.headers["content-type"]?.toLowerCase().startsWith("multipart/")) return;
    if (request.routeOptions.url !== `${app.prefix}${MULTIPART_ROUTE}`) return reply.code(415).send({ detail: `Only POST /api${MULTIPART_ROUTE} takes multipart/form-data` });
    if (!request.headers.authorization) return reply.code(401).send({ detail: "Not authenticated" });
  });
  await app.register(fastifyMultipart, {
    attachFieldsToBody: "keyValues",
    limits: { files: 1, fields: 10, fileSize: MAX_UPLOAD_BYTES + 1 },
    throwFileSizeLimit: false,
  });

  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const context = await contextFor(request);
        assertAccess(context, route.access, route.method !== "GET");
        if (request.body !== undefined && !isObject(request.body)) {
          return reply.code(400).send({ detail: "The request body must be a JSON object" });
        }
        const result = await route.handle(context, request.body ?? {}, request.params as Record<string, string>, request.query as Record<string, string>, request.headers);
        if (result instanceof Download) {
          return reply.type(result.contentType).header("content-disposition", `attachment; filename="${result.filename}"`).send(result.stream);
        }
        return reply.code(route.status ?? 200).send(present(result));
      },
    });
  }

  const document = openApiDocument(routes, new AnswerSchemas(await appSchema()));
  app.get("/openapi.json", async () => document);
  app.get("/docs", async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", referencePagePolicy(String(reply.getHeader("content-security-policy"))))
      .send(referencePage(`${app.prefix}/openapi.json`, `${app.prefix}/docs/redoc.js`)),
  );
  app.get("/docs/redoc.js", async (_request, reply) => reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=3600").send(REFERENCE_SCRIPT));

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: "Not Found" }));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return reply.code(error.status).send({ detail: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError ? "The request body is not valid JSON" : error.message;
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: error }, "REST handler failed");
    return reply.code(500).send({ detail: "Internal server error" });
  });
}
