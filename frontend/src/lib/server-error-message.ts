import { CombinedGraphQLErrors } from "@apollo/client/errors";

/**
 * The server's own wording when it explained the refusal, else the screen's fallback. Internal
 * errors and network failures carry nothing a user can act on, so they get the fallback too.
 */
export function serverErrorMessage(error: unknown, fallback: string) {
  if (!CombinedGraphQLErrors.is(error)) return fallback;
  const explained = error.errors.find((e) => e.message && e.extensions?.code !== "INTERNAL_SERVER_ERROR");
  return explained?.message ?? fallback;
}

/** The server's refusal of one field (`extensions.field`), to be shown under that field. */
export function serverFieldError(error: unknown): { field: string; message: string } | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  for (const { message, extensions } of error.errors) {
    if (typeof extensions?.field === "string" && message) return { field: extensions.field, message };
  }
  return undefined;
}

/** The server's explanation when it refused what was asked (BAD_USER_INPUT), which the user can change. */
export function userInputMessage(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  return error.errors.find((e) => e.extensions?.code === "BAD_USER_INPUT" && e.message)?.message;
}
