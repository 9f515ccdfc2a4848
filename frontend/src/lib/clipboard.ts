import { toaster } from "./toasts";

/** Copies `text` and says so; `what` names it in the toasts, e.g. "Ad tag". */
export async function copyWithFeedback(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toaster.create({ type: "success", title: `${what} copied to clipboard` });
  } catch {
    toaster.create({ type: "error", title: `Could not copy the ${what.toLowerCase()}; select it and copy it by hand` });
  }
}
