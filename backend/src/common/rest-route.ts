import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import type { Access } from "../auth/require-auth";
import { accessOf } from "../auth/require-auth";
import type { AppContext } from "../auth/context";

// What each module declares its REST paths with (its <module>.routes.ts). It lives here rather than
// in rest/, which collects those paths: a module importing the room that imports it would tie
// every module to every other.

export type Body = Record<string, unknown>;

/** What a route's shape cannot tell the document. */
export interface RouteDoc {
  /** The query parameters it reads, by the snake_case names of its GraphQL twin's arguments (or an input's fields), typed as they are. */
  query?: string[];
  /** A path parameter that is not its twin's id, by name. */
  path?: Record<string, Record<string, unknown>>;
  /** The media types of the file it answers with, instead of JSON. */
  files?: string[];
  /** It takes multipart/form-data with the file in the part named `file`. */
  multipart?: boolean;
  /** Its body, where it is not its GraphQL twin's arguments in snake_case. */
  body?: Record<string, unknown>;
  /** Its answer, where it is not its GraphQL twin's. */
  answer?: Record<string, unknown>;
  /** The GraphQL type its answer is, where that is not its twin's answer. */
  answerType?: string;
  /** What its service refuses beyond what the GraphQL types say, as JSON Schema keywords (`required`, `oneOf`) added to the body's. */
  bodyRules?: Record<string, unknown>;
  /** What a path with no GraphQL twin does. */
  description?: string;
  /** It takes an `Idempotency-Key` header. */
  idempotent?: boolean;
}

/** The GraphQL operation a path mirrors: its declared access applies here too, and its name is the path's operationId. */
export interface Twin {
  access: Access;
  operation: string;
}

/** One legacy path of the spec (section 7), mapping snake_case input to the operation its GraphQL twin calls. */
export interface Route extends Twin {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  status?: number;
  /** What the OpenAPI document says beyond what the route's shape tells it. */
  doc?: RouteDoc;
  handle(context: AppContext, body: Body, params: Record<string, string>, query: Record<string, string>, headers: IncomingHttpHeaders): Promise<unknown>;
}

/** The access and name of the GraphQL operation a route mirrors. */
export const mirroring = <T extends object>(resolver: abstract new (...args: never[]) => T, operation: keyof T & string): Twin => ({ access: accessOf(resolver, operation), operation });

/** What a route may say besides its path, its twin and what it calls. */
type Extras = Pick<Route, "status" | "doc">;

/** A path that reads nothing but who calls: the caller's own list, card or settings. */
export const callerRoute = (method: Route["method"], url: string, twin: Twin, run: (context: AppContext) => unknown, extras?: Extras): Route => ({
  method,
  url,
  ...twin,
  ...extras,
  handle: async (context) => run(context),
});

/** A path whose one input is the `:id` in it: the object it reads or acts on. */
export const idRoute = (method: Route["method"], url: string, twin: Twin, run: (context: AppContext, id: string) => unknown, extras?: Extras): Route => ({
  method,
  url,
  ...twin,
  ...extras,
  handle: async (context, _body, params) => run(context, params.id),
});

/** A path whose one input is its body. */
export const bodyRoute = (method: Route["method"], url: string, twin: Twin, run: (context: AppContext, body: Body) => unknown, extras?: Extras): Route => ({
  method,
  url,
  ...twin,
  ...extras,
  handle: async (context, body) => run(context, body),
});

/** A path that acts on the `:id` in it with what its body says. */
export const idBodyRoute = (method: Route["method"], url: string, twin: Twin, run: (context: AppContext, id: string, body: Body) => unknown, extras?: Extras): Route => ({
  method,
  url,
  ...twin,
  ...extras,
  handle: async (context, body, params) => run(context, params.id, body),
});

/** A file the route answers with instead of JSON, streamed as it is written. */
export class Download {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly stream: Readable,
  ) {}
}
