/** The campaign form's "skippable after" field: seconds as typed, empty when the video may not be skipped. */

/** The longest video ad the network takes; the server refuses more. */
const MAX_SKIP_AFTER_SECONDS = 60;

export const skipAfterText = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? "" : String(seconds));

export function skipAfterError(text: string): string | undefined {
  if (!text.trim()) return undefined;
  const seconds = Number(text);
  return Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_SKIP_AFTER_SECONDS
    ? undefined
    : `Skippable after must be a whole number of seconds from 0 to ${MAX_SKIP_AFTER_SECONDS}`;
}

export const skipAfterInput = (text: string) => (text.trim() ? Number(text) : null);
