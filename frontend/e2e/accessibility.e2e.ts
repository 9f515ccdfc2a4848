import type { Page } from "playwright-core";
import { AuthDialog } from "./pages/auth-dialog";
import { openTab } from "./pages/common";
import { createCampaign, createSite, newAccount, registeredToken, signIn, uniqueName, uniqueTag } from "./support/api";
import { lowContrastText, skippedHeadingLevels, type LowContrastText } from "./support/accessibility";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

interface Findings {
  contrast: (LowContrastText & { where: string })[];
  headings: string[];
}

/** Collects what one screen gets wrong, so a failure lists every problem at once. */
function audit() {
  const findings: Findings = { contrast: [], headings: [] };
  return {
    findings,
    async check(page: Page, where: string, within?: string) {
      await screenshot(page, where);
      findings.contrast.push(...(await lowContrastText(page, within)).map((text) => ({ where, ...text })));
      if (!within) findings.headings.push(...(await skippedHeadingLevels(page)).map((skip) => `${where}: ${skip}`));
    },
  };
}

/** A pending site, whose card shows a status badge (and Approve and Reject to an admin). */
function submitSite(token: string) {
  const tag = uniqueTag();
  return createSite(token, { domain: `site-${tag}.example.com`, name: `Pending Site ${tag}`, category: "technology", description: "Waiting for review" });
}

const OPEN_DIALOG = "[role=dialog][data-state=open]";

/** Every tab of a dashboard, each checked once its content has come in. */
async function checkEachTab(page: Page, check: ReturnType<typeof audit>["check"], tabs: string[]) {
  for (const tab of tabs) {
    await openTab(page, tab);
    await expect(page.getByRole("tab", { name: tab, selected: true })).toBeVisible();
    await page.getByRole("tabpanel", { name: tab }).waitFor();
    // The tab left behind fades out; its fading text is no reading matter.
    await page.waitForFunction(() => !document.querySelector("[role=tabpanel][data-state=closed]"));
    await page.waitForLoadState("networkidle");
    await check(page, `${tab} tab`);
  }
}

/** The logo link is named by what it shows, so a voice user can say "click AdNet". */
async function expectLogoNamedByItsText(page: Page) {
  const logo = page.getByRole("banner").locator('a[href="/"]').first();
  const visibleText = (await logo.innerText()).replace(/\s+/g, " ").trim();
  const [, name] = /link "([^"]*)"/.exec(await logo.ariaSnapshot()) ?? [];
  expect(visibleText).not.toBe("");
  expect(name).toContain(visibleText);
}

test("the landing page and its login dialog: readable text, headings in order, a logo named by its text", async () => {
  const page = await visitors.open();
  const { findings, check } = audit();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await check(page, "landing page");
  await expectLogoNamedByItsText(page);

  const dialog = await AuthDialog.openFrom(page, "Login");
  await dialog.loginForm.getByRole("button", { name: "Login" }).click();
  await expect(dialog.loginForm.getByText("Email is required")).toBeVisible();
  await check(page, "login errors", OPEN_DIALOG);

  expect(findings).toEqual({ contrast: [], headings: [] });
});

test("the publisher dashboard: readable text on every tab and in its form errors, headings in order", async () => {
  const token = await registeredToken(newAccount("PUBLISHER", "Readable Publisher"));
  await submitSite(token);
  const page = await visitors.open({ token });
  const { findings, check } = audit();
  await page.goto("/publisher");
  await checkEachTab(page, check, ["My Sites", "Ad Zones", "Reports", "Payouts"]);
  await expectLogoNamedByItsText(page);

  await openTab(page, "My Sites");
  await page.getByRole("button", { name: "Add Site", exact: true }).click();
  await page.getByRole("dialog", { name: "Add New Site" }).getByRole("button", { name: "Submit for Approval" }).click();
  await expect(page.getByText("Domain is required")).toBeVisible();
  await check(page, "Add Site errors", OPEN_DIALOG);

  expect(findings).toEqual({ contrast: [], headings: [] });
});

test("the advertiser dashboard: readable text on every tab, headings in order", async () => {
  const token = await registeredToken(newAccount("ADVERTISER", "Readable Advertiser"));
  await createCampaign(token, { name: uniqueName("A11y Campaign"), budget: 1000, cpm: 4 });
  const page = await visitors.open({ token });
  const { findings, check } = audit();
  await page.goto("/advertiser");
  await checkEachTab(page, check, ["Campaigns", "Creatives", "Reports", "Billing"]);

  expect(findings).toEqual({ contrast: [], headings: [] });
});

test("the admin dashboard: readable Approve buttons and badges on every tab, headings in order", async () => {
  const publisher = await registeredToken(newAccount("PUBLISHER", "Pending Publisher"));
  await submitSite(publisher);
  const advertiser = await registeredToken(newAccount("ADVERTISER", "Pending Advertiser"));
  await createCampaign(advertiser, { name: uniqueName("Pending Campaign"), budget: 1000, cpm: 4 });
  const page = await visitors.open({ token: await signIn(adminAccount()) });
  const { findings, check } = audit();
  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Approve" }).first()).toBeVisible();
  await checkEachTab(page, check, [
    "Sites",
    "Campaigns",
    "Creatives",
    "Payouts",
    "Statements",
    "Finance",
    "Users",
    "Publishers",
    "Messages",
    "Analytics",
    "Audit",
    "Outbox",
  ]);

  expect(findings).toEqual({ contrast: [], headings: [] });
});
