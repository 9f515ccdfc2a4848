import { accessSync, constants } from "node:fs";
import puppeteer, { type Browser } from "puppeteer-core";

/** Debian's Firefox ESR, driven over WebDriver BiDi: playwright-core's own Firefox build cannot drive the stock browser. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** A missing Firefox fails the run loudly, as a missing Chromium does: a skipped browser looks like a passing one. */
export async function launchFirefox(): Promise<Browser> {
  try {
    accessSync(FIREFOX_PATH, constants.X_OK);
  } catch {
    throw new Error(`Firefox ESR was not found at ${FIREFOX_PATH}. Install it (apt-get install -y firefox-esr) or set FIREFOX_PATH; the SafeFrame test needs it.`);
  }
  return puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
  });
}
