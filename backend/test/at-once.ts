import type { AppPair, GraphQLResult, RestResult, TestApp } from "./test-app";

/** How a burst of identical calls ended: how many changed something, how many were refused as a conflict, and anything else. */
export interface Outcomes {
  succeeded: number;
  conflicts: number;
  /** Answers that were neither: each as its code (or HTTP status) and message, so a failing test says what came back. */
  others: string[];
}

/**
 * Sends `times` identical calls at once: every call is started before any answer is awaited, so each
 * reaches the server on a connection of its own. `call` gets the call's index, to spread the burst
 * over two app processes (`index % 2`) or both doors.
 */
export function atOnce<T>(times: number, call: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: times }, (_, index) => call(index)));
}

/** GraphQL answers: data without errors succeeded, a CONFLICT error was refused, anything else is listed. */
export function graphqlOutcomes(results: GraphQLResult[]): Outcomes {
  const outcomes: Outcomes = { succeeded: 0, conflicts: 0, others: [] };
  for (const result of results) {
    const error = result.errors?.[0];
    if (!error) outcomes.succeeded++;
    else if (error.extensions?.code === "CONFLICT") outcomes.conflicts++;
    else outcomes.others.push(`${error.extensions?.code ?? "no code"}: ${error.message}`);
  }
  return outcomes;
}

/** REST answers: 2xx succeeded, 409 with a detail was refused, anything else is listed. */
export function restOutcomes(results: RestResult[]): Outcomes {
  const outcomes: Outcomes = { succeeded: 0, conflicts: 0, others: [] };
  for (const { status, body } of results) {
    if (status >= 200 && status < 300) outcomes.succeeded++;
    else if (status === 409 && typeof body?.detail === "string") outcomes.conflicts++;
    else outcomes.others.push(`${status}: ${JSON.stringify(body)}`);
  }
  return outcomes;
}

/**
 * Where call `index` of a burst goes: the two processes of a pair in turn, and GraphQL for two calls
 * then REST for two, so a burst covers each pairing of process and door. `pair` is read at each
 * call, since a test file starts its pair in beforeAll.
 */
export function burstRoutes(pair: () => AppPair): { app: (index: number) => TestApp; byGraphql: (index: number) => boolean } {
  return { app: (index) => (index % 2 === 0 ? pair().first : pair().second), byGraphql: (index) => index % 4 < 2 };
}
