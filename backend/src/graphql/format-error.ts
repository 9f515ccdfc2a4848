import { unwrapResolverError } from "@apollo/server/errors";
import type { GraphQLFormattedError } from "graphql";
import { DomainError } from "../common/errors";

/**
 * Domain errors keep their message and gain their code (and field); GraphQL's own request
 * errors pass through; anything unexpected is logged and hidden behind a generic message.
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
  log(original);
  return { message: "Internal server error", locations: formatted.locations, path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}
