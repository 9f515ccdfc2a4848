import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyServerOptions } from "fastify";

const CENSOR = "[redacted]";

/** Fields that hold a credential, wherever they appear in a logged object. */
const SECRET_FIELDS = ["password", "currentPassword", "newPassword", "passwordHash", "password_hash", "accessToken", "access_token", "token", "authorization", "cookie", "set-cookie"];

/**
 * No log line may hold a password, a hash or a token. Fields are redacted by name at any of the
 * depths a request, a body or an error puts them; a failed query's parameters and SQL (TypeORM's
 * `parameters` and `query`, the driver's `sql`) may hold any column, a password hash included, so
 * they are dropped whole.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions["logger"], boolean | undefined> {
  const paths = SECRET_FIELDS.flatMap((field) => {
    const key = /^[A-Za-z_]\w*$/.test(field) ? field : `["${field}"]`;
    const join = (prefix: string) => (key.startsWith("[") ? `${prefix}${key}` : `${prefix}.${key}`);
    return [key, join("*"), join("*.*"), join("*.*.*")];
  });
  const queryFields = ["parameters", "query", "sql"].flatMap((field) => [`err.${field}`, `err.driverError.${field}`, `*.err.${field}`]);
  return { level, redact: { paths: [...paths, ...queryFields], censor: CENSOR }, serializers: { req: requestForLog } };
}

/** The links e-mailed to users carry their token in the query (`/reset-password?token=…`): it is cut from logged URLs. */
const QUERY_SECRET = /([?&](?:token|access_token)=)[^&#]*/gi;
/** A signed upload URL carries its permission in the path (`/media/uploads/<token>`). */
const PATH_SECRET = /(\/media\/uploads\/)[^?#]*/g;

export const urlForLog = (url: string | undefined) => url?.replace(QUERY_SECRET, `$1${CENSOR}`).replace(PATH_SECRET, `$1${CENSOR}`);

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, but with the URL's secrets cut out. */
function requestForLog(request: LoggedRequest) {
  return { method: request.method, url: urlForLog(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/** What a proxy in front may name a request by (nginx's $request_id is 32 hex digits): short, plain characters only. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Each request's id in the log: the one the proxy in front sent in X-Request-Id, so one request can
 * be followed from nginx's log to the app's, else a new one.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}
