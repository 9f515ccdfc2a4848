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
