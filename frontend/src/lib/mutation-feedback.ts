import { toaster } from "./toasts";
import { serverErrorMessage } from "./server-error-message";

export interface Feedback<T> {
  /** The success toast; a function when it names what the server answered. */
  success: string | ((result: T) => string);
  failure: string;
  /** Show the server's explanation instead of `failure` when it gave one. The spec keeps some failures fixed. */
  serverDetail?: boolean;
}

export type Outcome<T> = { ok: true; result: T } | { ok: false; error: unknown };

/** Runs a mutation (with whatever it does on success) and toasts how it went: the one feedback path of every form and button. */
export async function withFeedback<T>(action: () => Promise<T>, { success, failure, serverDetail = true }: Feedback<T>): Promise<Outcome<T>> {
  try {
    const result = await action();
    toaster.create({ type: "success", title: typeof success === "function" ? success(result) : success });
    return { ok: true, result };
  } catch (error) {
    toaster.create({ type: "error", title: serverDetail ? serverErrorMessage(error, failure) : failure });
    return { ok: false, error };
  }
}
