import type { Locator, Page } from "playwright-core";

/**
 * Playwright's own web-first assertions live in @playwright/test, which this suite does not use;
 * these few do the same for jest: each waits for the page to get there before failing.
 */
const WAIT_MS = 20_000;

declare global {
  namespace jest {
    interface Matchers<R> {
      toBeVisible(): Promise<R>;
      toBeDisabled(): Promise<R>;
      toHavePath(path: string): Promise<R>;
      toHaveCount(count: number): Promise<R>;
      toHaveValue(value: string): Promise<R>;
    }
  }
}

async function poll(check: () => Promise<boolean>) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

expect.extend({
  async toBeVisible(locator: Locator) {
    const state = this.isNot ? "hidden" : "visible";
    const reached = await locator.waitFor({ state, timeout: WAIT_MS }).then(
      () => true,
      () => false,
    );
    return {
      pass: reached !== this.isNot,
      message: () => `expected ${locator} to be ${state} within ${WAIT_MS / 1000}s`,
    };
  },

  async toBeDisabled(locator: Locator) {
    const reached = await poll(async () => (await locator.isDisabled()) !== this.isNot);
    return {
      pass: reached !== this.isNot,
      message: () => `expected ${locator} to be ${this.isNot ? "enabled" : "disabled"} within ${WAIT_MS / 1000}s`,
    };
  },

  async toHavePath(page: Page, path: string) {
    const reached = await poll(async () => (new URL(page.url()).pathname === path) !== this.isNot);
    return {
      pass: reached !== this.isNot,
      message: () => `expected the URL path ${this.isNot ? "not " : ""}to be ${path}, but the page is at ${page.url()}`,
    };
  },

  async toHaveCount(locator: Locator, count: number) {
    let seen = -1;
    const reached = await poll(async () => ((seen = await locator.count()) === count) !== this.isNot);
    return {
      pass: reached !== this.isNot,
      message: () => `expected ${locator} ${this.isNot ? "not " : ""}to match ${count} elements within ${WAIT_MS / 1000}s, but it matched ${seen}`,
    };
  },

  async toHaveValue(locator: Locator, value: string) {
    let seen = "";
    const reached = await poll(async () => ((seen = await locator.inputValue()) === value) !== this.isNot);
    return {
      pass: reached !== this.isNot,
      message: () => `expected ${locator} ${this.isNot ? "not " : ""}to have the value "${value}" within ${WAIT_MS / 1000}s, but it had "${seen}"`,
    };
  },
});
