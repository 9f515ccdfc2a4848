import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { baseUrl } from "./shared-server";

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 360, height: 740 };

// A busy shared machine makes every step slower than on a laptop; none of these is a timing check.
const ACTION_TIMEOUT_MS = 20_000;
const NAVIGATION_TIMEOUT_MS = 45_000;

interface VisitorOptions {
  viewport?: { width: number; height: number };
  /** Starts the visitor signed in, the way the app keeps a session: a token in local storage. */
  token?: string;
  /** Headless Chromium says so in its user agent, and the ad server rightly shows bots no ads. */
  userAgent?: string;
  /** Off shows what a crawler or a visitor without JavaScript gets. */
  javaScriptEnabled?: boolean;
  /** A device to emulate (playwright's `devices`): its user agent, screen, touch and mobile viewport. */
  device?: BrowserContextOptions;
}

async function newVisitor(
  browser: Browser,
  { viewport = DESKTOP, token, userAgent, javaScriptEnabled, device }: VisitorOptions,
): Promise<BrowserContext> {
  const origin = baseUrl();
  const context = await browser.newContext({
    ...device,
    baseURL: origin,
    viewport: device?.viewport ?? viewport,
    userAgent: device?.userAgent ?? userAgent,
    javaScriptEnabled,
    storageState: token ? { cookies: [], origins: [{ origin, localStorage: [{ name: "token", value: token }] }] } : undefined,
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  return context;
}

/**
 * One Chromium per spec file and a fresh browser context per visitor, so a publisher and an admin
 * can work side by side in one test without sharing a session. Contexts close after each test.
 */
export function useVisitors() {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async open(options: VisitorOptions = {}): Promise<Page> {
      if (!browser) throw new Error("The browser is not running: call open() inside a test.");
      const context = await newVisitor(browser, options);
      open.push(context);
      return context.newPage();
    },
  };
}
