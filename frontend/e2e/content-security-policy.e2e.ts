import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { AuthDialog } from "./pages/auth-dialog";
import { newAccount, registeredToken, signIn } from "./support/api";
import { useVisitors } from "./support/browser";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

/** Every page the build prerendered, as the server answers them, and one it did not (the app's shell). */
const BUILD = join(__dirname, "..", "dist");
const PUBLIC_ROUTES = [
  "/",
  ...readdirSync(BUILD, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(BUILD, entry.name, "index.html")))
    .map((entry) => `/${entry.name}`),
  "/no-such-page",
];

const DASHBOARDS = {
  PUBLISHER: ["/publisher", "/publisher/zones", "/publisher/reports", "/publisher/payouts"],
  ADVERTISER: ["/advertiser", "/advertiser/creatives", "/advertiser/reports", "/advertiser/billing"],
  ADMIN: ["/admin", "/admin/campaigns", "/admin/creatives", "/admin/payouts", "/admin/publishers", "/admin/messages", "/admin/users", "/admin/analytics"],
};

/**
 * Every violation the page reports, from the first script on: the listener is added before any of
 * the page's own code runs (an init script, which the policy does not govern).
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`));
  });
  // The page's own list starts empty at each navigation; the console's is emptied at each reading.
  return async () => [...refusals.splice(0), ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

/** Visits each route in one tab, letting each finish loading and styling itself, and lists what the policy refused. */
async function violationsOn(page: Page, routes: string[], violations: () => Promise<string[]>): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await page.goto(route, { waitUntil: "networkidle" });
    await page.getByRole("heading").first().waitFor();
    found[route] = await violations();
  }
  return found;
}

const noViolations = (routes: string[]) => Object.fromEntries(routes.map((route) => [route, []]));

test("the public pages run under the Content-Security-Policy without a violation", async () => {
  const page = await visitors.open();
  const readViolations = await watchViolations(page);
  expect(await violationsOn(page, PUBLIC_ROUTES, readViolations)).toEqual(noViolations(PUBLIC_ROUTES));

  // Dialogs bring styles of their own at run time.
  await page.goto("/", { waitUntil: "networkidle" });
  const dialog = await AuthDialog.openFrom(page, "Get Started");
  await dialog.registerForm.waitFor();
  expect(await readViolations()).toEqual([]);

  // So do animations: the region breakdown fades in, row by row.
  await page.goto("/traffic-inventory", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: /North America/ }).click();
  await page.getByRole("heading", { name: "North America – Country Breakdown" }).waitFor();
  expect(await readViolations()).toEqual([]);
});

test.each(["PUBLISHER", "ADVERTISER"] as const)("every tab of the %s dashboard runs under the policy without a violation", async (role) => {
  const page = await visitors.open({ token: await registeredToken(newAccount(role, "Policy Watcher")) });
  expect(await violationsOn(page, DASHBOARDS[role], await watchViolations(page))).toEqual(noViolations(DASHBOARDS[role]));
});

test("every tab of the admin dashboard runs under the policy without a violation", async () => {
  const page = await visitors.open({ token: await signIn(adminAccount()) });
  expect(await violationsOn(page, DASHBOARDS.ADMIN, await watchViolations(page))).toEqual(noViolations(DASHBOARDS.ADMIN));
});

test("the REST API's reference renders its operations from our own origin under the policy", async () => {
  const page = await visitors.open();
  const readViolations = await watchViolations(page);
  await page.goto("/api/docs", { waitUntil: "networkidle" });
  await page.getByRole("heading", { name: /AdNet REST API/ }).waitFor();
  // An operation of the route table, with the roles the document gives it.
  await page.getByText("Open to: publisher, advertiser, admin.").first().waitFor({ state: "attached" });
  expect(await page.getByText("login (GraphQL's twin)").count()).toBeGreaterThan(0);
  expect(await readViolations()).toEqual([]);
});
