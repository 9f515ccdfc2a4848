import type { Page } from "playwright-core";
import { AuthDialog, signInFromLanding } from "./pages/auth-dialog";
import { openTab, toast } from "./pages/common";
import { graphql, newAccount, registeredToken, signIn } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { baseUrl } from "./support/shared-server";

const visitors = useVisitors();

const savedToken = (page: Page) => page.evaluate(() => localStorage.getItem("token"));

const meStatus = async (token: string) =>
  (await fetch(`${baseUrl()}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

/** Path and query: everything that says which screen and tab the user is on. */
const placeOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

test("logging out ends the session on the server: the token saved before no longer works, another session does", async () => {
  const account = newAccount("ADVERTISER", "Lou Logout");
  await registeredToken(account);
  const otherSession = await signIn(account);
  const page = await visitors.open();

  await signInFromLanding(page, account);
  await expect(page).toHavePath("/advertiser");
  const token = (await savedToken(page))!;
  expect(await meStatus(token)).toBe(200);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Logged out successfully")).toBeVisible();
  await expect(page).toHavePath("/");
  await screenshot(page, "after logout");

  expect(await savedToken(page)).toBeNull();
  expect(await meStatus(token)).toBe(401);
  expect(await meStatus(otherSession)).toBe(200);
});

test("a session the server ended asks to sign in again, then brings the user back to the same place", async () => {
  const account = newAccount("PUBLISHER", "Sam Session");
  await registeredToken(account);
  const page = await visitors.open();

  await signInFromLanding(page, account);
  await expect(page.getByRole("heading", { name: "Publisher Dashboard" })).toBeVisible();
  await openTab(page, "Payouts");
  await page.getByRole("tab", { name: "Payouts", selected: true }).waitFor();

  await graphql("mutation { logout }", {}, (await savedToken(page))!);
  // Settings asks the server for the account's e-mail status and notification settings as it opens.
  await page.getByRole("link", { name: "Settings", exact: true }).click();

  const auth = new AuthDialog(page);
  await expect(auth.loginForm).toBeVisible();
  await expect(auth.root.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  await screenshot(page, "asked to sign in again");
  expect(await savedToken(page)).toBeNull();

  await auth.login(account);
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  expect(placeOf(page)).toBe("/settings");
  await screenshot(page, "back where they were");
});

test("opening the advertiser dashboard signed out asks to sign in and lands there after signing in as an advertiser", async () => {
  const account = newAccount("ADVERTISER", "Ada Direct");
  await registeredToken(account);
  const page = await visitors.open();

  await page.goto("/advertiser");
  const auth = new AuthDialog(page);
  await expect(auth.loginForm).toBeVisible();
  await screenshot(page, "asked to sign in");

  await auth.login(account);
  await expect(page).toHavePath("/advertiser");
  await expect(page.getByRole("heading", { name: "Advertiser Dashboard" })).toBeVisible();
});
