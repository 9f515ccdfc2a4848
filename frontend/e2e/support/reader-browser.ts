import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { DESKTOP_CHROME } from "./ad-setup";
import { DESKTOP } from "./browser";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

export interface ReaderBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A reader's own Chromium profile, with third-party cookies allowed or blocked as the reader chose
 * in the browser's settings (the `profile.cookie_controls_mode` preference: 0 allows them, 1 blocks
 * them). The shared visitors' contexts are incognito ones, where Chromium always blocks them.
 */
export async function readerBrowser({ thirdPartyCookies }: { thirdPartyCookies: boolean }): Promise<ReaderBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "adnet-reader-"));
  mkdirSync(join(profile, "Default"));
  writeFileSync(join(profile, "Default", "Preferences"), JSON.stringify({ profile: { cookie_controls_mode: thirdPartyCookies ? 0 : 1 } }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    userAgent: DESKTOP_CHROME,
    viewport: DESKTOP,
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(45_000);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
