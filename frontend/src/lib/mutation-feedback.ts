import { serverErrorMessage } from "./server-error-message";
import { toaster } from "../components/ui/toaster";

interface Messages {
  success: string;
  failure: string;
  /** Show the server's explanation instead of `failure` when it gave one. */
  serverDetail?: boolean;
}

/** Runs a mutation and toasts its outcome; resolves whether it succeeded. */
export async function runAction(action: () => Promise<unknown>, { success, failure, serverDetail = false }: Messages) {
  try {
    await action();
    toaster.create({ type: "success", title: success });
    return true;
  } catch (error) {
    toaster.create({ type: "error", title: serverDetail ? serverErrorMessage(error, failure) : failure });
    return false;
  }
}
