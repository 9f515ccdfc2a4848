import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { DomainError } from "../common/errors";

/**
 * Domain errors keep their message and gain their code (and field); GraphQL's own request
 * errors pass through, with a code when they came without; anything unexpected is logged and
 * hidden behind a generic message.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown, log: (error: unknown) => void): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof DomainError) {
    return {
      message: original.message,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === "string" && code !== "INTERNAL_SERVER_ERROR") return formatted;
  // graphql-js and Apollo refuse some requests with a bare GraphQLError and no code (a subscription
  // sent over HTTP, a persisted-query hash that does not match its query): the client's mistake,
  // worded for the client, so it keeps its message rather than passing as an internal error.
  if (original instanceof GraphQLError && !original.originalError) {
    return { message: formatted.message, locations: formatted.locations, extensions: { code: "BAD_REQUEST" } };
  }
  log(original);
  return { message: "Internal server error", locations: formatted.locations, path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}
