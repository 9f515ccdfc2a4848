import { accessSync, constants } from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
];

/** A missing browser must fail the run loudly: a skipped browser suite looks like a passing one. */
export function assertChromiumInstalled() {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it (apt-get install chromium) or set CHROMIUM_PATH ` +
        "to a Chromium executable; the browser suite cannot run without it.",
    );
  }
}
