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

test("an advertiser adds funds by bank transfer, an admin records the transfer, and the stopped campaign starts delivering", async () => {
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

  const adminPage = await visitors.open({ token: admin });
  await adminPage.goto("/admin");
  await openTab(adminPage, "Finance");
  await expect(adminPage.getByRole("table", { name: "Transfers awaited" }).getByText(reference, { exact: true })).toBeVisible();
  const record = adminPage.getByRole("form", { name: "Record a transfer" });
  await record.getByLabel("Payment reference").fill(reference.toLowerCase());
  await record.getByLabel("Amount received ($)").fill("590");
  await record.getByRole("button", { name: "Record transfer" }).click();
  await expect(toast(adminPage, `Transfer ${reference} recorded`)).toBeVisible();
  await adminPage.getByRole("table", { name: "Transfers awaited" }).getByText(reference, { exact: true }).waitFor({ state: "detached" });
  await screenshot(adminPage, "admin - finance");

  // The campaign fills at once, and its impressions are billed against the deposit.
  await viewAds(publisher.zoneId, article, 2, OWN_READER_ADDRESS);
  await eventually(() => graphql("{ myFunds { deposits spent } }", {}, advertiser.token), { myFunds: { deposits: 590, spent: 0.01 } });
  await page.reload();
  await expect(page.getByLabel("Available to spend").filter({ hasText: "$589.99" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Deposit requests" }).getByRole("row").filter({ hasText: reference }).getByText("received", { exact: true })).toBeVisible();
});
