import type { Locator } from "playwright-core";
import { openTab, toast } from "./pages/common";
import { advertiserWithBanner, eventually, publisherWithZone, serveAd, viewAds } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();
/** A size no other spec uses, so this spec's campaign fills no one else's zones. */
const VERTICAL_BANNER = { width: 120, height: 240 };
/** Its own loopback address, so the other specs' views do not count against its per-IP limit. */
const OWN_READER_ADDRESS = "127.0.0.4";

test("an advertiser adds funds by bank transfer, reopens and copies the details, an admin records a different amount with a note from the awaited row, and the stopped campaign starts delivering", async () => {
  const admin = await signIn(adminAccount());
  const domain = `funds-${uniqueTag()}.localhost`;
  const article = `http://${domain}/article`;
  const publisher = await publisherWithZone(admin, { domain, size: VERTICAL_BANNER });
  const advertiser = await advertiserWithBanner(admin, { size: VERTICAL_BANNER, cpm: 5, contentUrl: "https://cdn.example.com/vertical.png", funds: 0 });
  // Approved, with an approved banner, but nothing paid in: the zone stays empty.
  expect(await serveAd(publisher.zoneId, article, OWN_READER_ADDRESS)).toEqual({ fill: false });

  const page = await visitors.open({ token: advertiser.token });
  await page.goto("/advertiser/billing");
  await expect(page.getByText("Your campaigns are not delivering: nothing is left to spend. Add funds to start them again.")).toBeVisible();
  await expect(page.getByText(/Credit card: Needs a payment provider, not available yet/)).toBeVisible();
  await page.getByRole("button", { name: "Add funds" }).click();
  const form = page.getByRole("dialog", { name: "Add funds" }).getByRole("form", { name: "Add funds" });
  await form.getByLabel("Amount ($)").fill("499");
  await form.getByRole("button", { name: "Get payment details" }).click();
  await expect(form.getByText("Amount must be at least $500")).toBeVisible();
  await form.getByLabel("Amount ($)").fill("600");
  await form.getByRole("button", { name: "Get payment details" }).click();

  const details = page.getByRole("dialog", { name: "Transfer details" });
  await expect(details.getByText("GB33BUKB20201555555555", { exact: true })).toBeVisible();
  const reference = (await details.getByText(/^ADN-[2-9A-Z]{4}-[2-9A-Z]{4}$/).textContent())!;
  await screenshot(page, "advertiser - transfer details");
  await details.getByRole("button", { name: "Done" }).click();
  const pending = page.getByRole("table", { name: "Deposit requests" }).getByRole("row").filter({ hasText: reference });
  await expect(pending.getByText("pending", { exact: true })).toBeVisible();

  // The details open again from the pending row, and the reference and IBAN copy as shown.
  await pending.getByRole("button", { name: `Transfer details of ${reference}` }).click();
  const reopened = page.getByRole("dialog", { name: "Transfer details" });
  await reopened.getByRole("button", { name: "Copy payment reference" }).click();
  await expect(toast(page, "Payment reference copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
  await reopened.getByRole("button", { name: "Copy IBAN" }).click();
  await expect(toast(page, "IBAN copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("GB33BUKB20201555555555");
  await reopened.getByRole("button", { name: "Done" }).click();

  const adminPage = await visitors.open({ token: admin });
  await adminPage.goto("/admin");
  await openTab(adminPage, "Finance");
  const awaited = adminPage.getByRole("table", { name: "Transfers awaited" }).getByRole("row").filter({ hasText: reference });
  await awaited.getByRole("button", { name: `Record ${reference}` }).click();
  const record = adminPage.getByRole("dialog", { name: "Record a transfer" }).getByRole("form", { name: "Record a transfer" });
  expect(await record.getByLabel("Payment reference").inputValue()).toBe(reference);
  expect(await record.getByLabel("Amount received ($)").inputValue()).toBe("600");
  await record.getByLabel("Amount received ($)").fill("590");
  await record.getByLabel("Note").fill("Bank fee of $10 deducted");
  await record.getByRole("button", { name: "Record transfer" }).click();
  await expect(toast(adminPage, `Transfer ${reference} recorded`)).toBeVisible();
  await adminPage.getByRole("table", { name: "Transfers awaited" }).getByText(reference, { exact: true }).waitFor({ state: "detached" });
  await adminPage.getByRole("searchbox", { name: "Search deposits" }).fill(reference);
  const listed = adminPage.getByRole("table", { name: "Deposits" }).getByRole("row").filter({ hasText: reference });
  await expect(listed.getByText("Bank fee of $10 deducted")).toBeVisible();
  await screenshot(adminPage, "admin - finance");

  // The campaign fills at once, and its impressions are billed against the deposit.
  await viewAds(publisher.zoneId, article, 2, OWN_READER_ADDRESS);
  await eventually(() => graphql("{ myFunds { deposits spent } }", {}, advertiser.token), { myFunds: { deposits: 590, spent: 0.01 } });
  await page.reload();
  await expect(page.getByLabel("Available to spend").filter({ hasText: "$589.99" })).toBeVisible();
  const arrived = page.getByRole("table", { name: "Deposit requests" }).getByRole("row").filter({ hasText: reference });
  for (const text of ["$600.00", "$590.00", "Bank fee of $10 deducted"]) await expect(arrived.getByText(text, { exact: true })).toBeVisible();
  const badge = arrived.getByText("received", { exact: true });
  await expect(badge).toBeVisible();
  expect(await isGreenish(badge)).toBe(true);
  expect(await arrived.getByRole("button").count()).toBe(0);
});

/** Whether a badge is drawn in a green palette: more green than red or blue, in its text or its background. */
async function isGreenish(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.color, style.backgroundColor].some((colour) => {
      const [red, green, blue] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return green > red && green > blue;
    });
  });
}
