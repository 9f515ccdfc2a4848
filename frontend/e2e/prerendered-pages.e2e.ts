import type { Page } from "playwright-core";
import { newAccount, registeredToken } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { baseUrl } from "./support/shared-server";

const visitors = useVisitors();

const LANDING = { heading: "The Ad Network That Grows With You", title: "Ad Network Marketplace for Publishers and Advertisers · AdNet" };
const CAMPAIGNS = { heading: "Campaign Management", title: "Campaign Management · AdNet" };
const HELP = { heading: "Help Center", title: "Help Center · AdNet" };
const MONETIZE = { heading: "Monetize Your Traffic", title: "Monetize Your Traffic · AdNet" };

/** Every public route of the spec, with the heading and the tab title its HTML carries. */
const PRERENDERED: { path: string; heading: string; title: string }[] = [
  { path: "/", ...LANDING },
  { path: "/publisher-login", ...LANDING },
  { path: "/advertiser-login", ...LANDING },
  { path: "/traffic-inventory", heading: "Premium Traffic Inventory", title: "Premium Traffic Inventory · AdNet" },
  { path: "/traffic-by-region", heading: "Traffic by Region", title: "Traffic by Region · AdNet" },
  { path: "/monetize-traffic", ...MONETIZE },
  { path: "/payment-terms", ...MONETIZE },
  { path: "/ad-formats", heading: "Ad Formats", title: "Ad Formats · AdNet" },
  { path: "/campaign-management", ...CAMPAIGNS },
  { path: "/targeting-options", ...CAMPAIGNS },
  { path: "/pricing-models", ...CAMPAIGNS },
  { path: "/help-center", ...HELP },
  { path: "/contact-support", ...HELP },
  { path: "/privacy-policy", heading: "Privacy Policy", title: "Privacy Policy · AdNet" },
  { path: "/terms-of-service", heading: "Terms of Service", title: "Terms of Service · AdNet" },
];

async function getHtml(path: string) {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: "text/html", "accept-encoding": "br" } });
  return { status: response.status, type: response.headers.get("content-type"), html: await response.text() };
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");
const headingsIn = (html: string) => [...html.matchAll(/<h1\b[^>]*>(.*?)<\/h1>/gs)].map((m) => textOf(m[1]).trim());
const titlesIn = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
const descriptionsIn = (html: string) => [...html.matchAll(/<meta name="description" content="([^"]+)"/g)].map((m) => m[1]);

/** Collects what the page reports as going wrong: console errors, uncaught errors, hydration mismatches. */
function problemsOf(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** React marks each element it has taken over; a prerendered heading carries the mark once hydrated. */
const headingHydrated = () => {
  const heading = document.querySelector("h1");
  return heading !== null && Object.keys(heading).some((key) => key.startsWith("__reactFiber$"));
};
const isHydrated = (page: Page) => page.evaluate(headingHydrated);

/** The visitor's first move (a key) brings the app, which then takes the page over. */
async function hydratedOnFirstMove(page: Page) {
  await page.keyboard.press("Shift");
  await page.waitForFunction(headingHydrated);
}

/** The scripts the page has fetched so far, with their sizes on the wire. */
function scriptsFetched(page: Page) {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({ url: new URL(response.url()).pathname, bytes: response.request().sizes().then((sizes) => sizes.responseBodySize) });
  });
  return scripts;
}

test.each(PRERENDERED)("$path is served as HTML that holds its heading, title and description", async ({ path, heading, title }) => {
  const { status, type, html } = await getHtml(path);

  expect(status).toBe(200);
  expect(type).toMatch(/^text\/html/);
  expect(headingsIn(html)).toEqual([heading]);
  expect(titlesIn(html)).toEqual([title]);
  expect(descriptionsIn(html)).toHaveLength(1);
});

test.each(["/publisher", "/advertiser/billing", "/admin/users/3", "/dashboard", "/reset-password"])(
  "%s is served the app's empty shell, to render in the browser",
  async (path) => {
    const { status, html } = await getHtml(path);

    expect(status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(headingsIn(html)).toEqual([]);
  },
);

test.each(["/no-such-page", "/publisher/zones/7", "/wp-login.php"])("%s is answered 404 with the not-found page's HTML", async (path) => {
  const { status, type, html } = await getHtml(path);

  expect(status).toBe(404);
  expect(type).toMatch(/^text\/html/);
  expect(headingsIn(html)).toEqual(["Page not found"]);
  expect(titlesIn(html)).toEqual(["Page Not Found · AdNet"]);
});

test("without JavaScript a public page shows its content, styled", async () => {
  const page = await visitors.open({ javaScriptEnabled: false });
  await page.goto("/traffic-inventory");

  await expect(page.getByRole("heading", { name: "Premium Traffic Inventory", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /North America/ })).toBeVisible();
  expect(await page.title()).toBe("Premium Traffic Inventory · AdNet");
  // Chakra's styles came with the HTML: the Back to Home link is laid out as a button, not inline text.
  const backToHome = page.getByRole("link", { name: "Back to Home" });
  expect(await backToHome.evaluate((link) => getComputedStyle(link).display)).not.toBe("inline");
  await screenshot(page, "traffic inventory without JavaScript");
});

test.each(PRERENDERED.map(({ path }) => path))("%s hydrates without errors or warnings once the visitor moves", async (path) => {
  const page = await visitors.open();
  const problems = problemsOf(page);

  await page.goto(path);
  await hydratedOnFirstMove(page);
  // Anything React reports about the hydration it has just finished comes in the same task or the next.
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test.each(["/", "/traffic-inventory", "/help-center"])("%s loads only the small static page loader until the visitor moves", async (path) => {
  const page = await visitors.open();
  const scripts = scriptsFetched(page);

  await page.goto(path, { waitUntil: "networkidle" });

  expect(scripts.map(({ url }) => url).sort()).toEqual([
    expect.stringMatching(/^\/assets\/static-page-loader-/),
    expect.stringMatching(/^\/assets\/static-routes-/),
  ]);
  const bytes = (await Promise.all(scripts.map((script) => script.bytes))).reduce((sum, size) => sum + size, 0);
  expect(bytes).toBeLessThan(5_000);
  expect(await isHydrated(page)).toBe(false);
});

test("the first click on a page the app has not taken over yet is answered once it has", async () => {
  const page = await visitors.open();
  await page.goto("/", { waitUntil: "networkidle" });

  await page.getByRole("banner").getByRole("button", { name: "Get Started", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Welcome to AdNet" }).getByRole("form", { name: "Register" })).toBeVisible();
});

test("a page responds from the first click, and each page the visitor opens names itself in the tab", async () => {
  const page = await visitors.open();
  const problems = problemsOf(page);
  await page.goto("/traffic-inventory", { waitUntil: "networkidle" });

  await page.getByRole("button", { name: /Europe/ }).click();
  await expect(page.getByText("Germany", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page.getByRole("heading", { name: LANDING.heading, level: 1 })).toBeVisible();
  expect(await page.title()).toBe(LANDING.title);

  await page.getByRole("link", { name: "Ad Formats" }).click();
  await expect(page.getByRole("heading", { name: "Ad Formats", level: 1 })).toBeVisible();
  expect(await page.title()).toBe("Ad Formats · AdNet");

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  expect(await page.title()).toBe("Page Not Found · AdNet");
  // The browser reports the page's own status, and nothing else went wrong.
  expect(problems).toEqual(["error: Failed to load resource: the server responded with a status of 404 (Not Found)"]);
});

test("a signed-in visitor opening the prerendered home page is still sent to their dashboard", async () => {
  const token = await registeredToken(newAccount("PUBLISHER", "Returning publisher"));
  const page = await visitors.open({ token });
  const problems = problemsOf(page);

  await page.goto("/");
  await expect(page).toHavePath("/publisher");
  await expect(page.getByRole("heading", { name: "Publisher Dashboard", level: 1 })).toBeVisible();
  expect(await page.title()).toBe("Publisher Dashboard · AdNet");
  await screenshot(page, "dashboard after opening home");
  expect(problems).toEqual([]);
});
