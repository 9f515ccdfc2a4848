/** The campaign form's "skippable after" field: seconds as typed, empty when the video may not be skipped. */

export const skipAfterText = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? "" : String(seconds));

/** `max` is the server's (FormOptions.maxSkipAfterSeconds). */
export function skipAfterError(text: string, max: number): string | undefined {
  if (!text.trim()) return undefined;
  const seconds = Number(text);
  return Number.isInteger(seconds) && seconds >= 0 && seconds <= max ? undefined : `Skippable after must be a whole number of seconds from 0 to ${max}`;
}

export const skipAfterInput = (text: string) => (text.trim() ? Number(text) : null);
