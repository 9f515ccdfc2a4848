import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { approve } from "./pages/admin-dashboard";
import { AuthDialog, signInFromLanding } from "./pages/auth-dialog";
import { badge, card, openTab, toast } from "./pages/common";
import { newAccount, uniqueName, verifyEmailOf } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

let files: string;
beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), "adnet-e2e-walk-"));
  // A native ad's picture is 1.91:1; a real PNG, made here.
  await sharp({ create: { width: 1200, height: 627, channels: 3, background: "#7c2d12" } }).png().toFile(join(files, "boots.png"));
});
afterAll(() => rmSync(files, { recursive: true, force: true }));

/** Asks for bank-transfer details on the Billing tab and keeps the payment reference. */
async function addFunds(page: Page, dollars: string): Promise<string> {
  await openTab(page, "Billing");
  await page.getByRole("button", { name: "Add funds" }).click();
  const form = page.getByRole("dialog", { name: "Add funds" }).getByRole("form", { name: "Add funds" });
  await form.getByLabel("Amount ($)").fill(dollars);
  await form.getByRole("button", { name: "Get payment details" }).click();
  const details = page.getByRole("dialog", { name: "Transfer details" });
  const reference = (await details.getByText(/^ADN-[2-9A-Z]{4}-[2-9A-Z]{4}$/).textContent())!;
  await details.getByRole("button", { name: "Done" }).click();
  return reference;
}

test("a new advertiser adds funds, a native creative with an uploaded picture and a targeted campaign with its forecast, duplicates and archives it, and an admin reviews what will deliver", async () => {
  const account = newAccount("ADVERTISER", "Wanda Walker");
  const campaign = uniqueName("Harvest Boots");
  const copy = `${campaign} (copy)`;
  const creative = uniqueName("Boots native");
  const advertiser = await visitors.open();

  await advertiser.goto("/");
  const auth = await AuthDialog.openFrom(advertiser, "Get Started");
  await auth.register(account);
  await expect(toast(advertiser, "Registration successful! Welcome to AdNet.")).toBeVisible();
  await expect(advertiser).toHavePath("/advertiser");
  await verifyEmailOf(account.email);
  await expect(advertiser.getByText("No campaigns yet")).toBeVisible();
  // A new account is greeted as new.
  await expect(advertiser.getByText(`Welcome, ${account.fullName}`, { exact: true })).toBeVisible();
  await screenshot(advertiser, "advertiser - new account");

  // Funds: a transfer on its way is said to be pending, not "nothing to spend".
  const reference = await addFunds(advertiser, "2000");
  await expect(advertiser.getByText("$2,000.00 transfer pending: it is spendable once recorded.")).toBeVisible();
  await expect(advertiser.getByText("Nothing is available to spend yet", { exact: false })).toHaveCount(0);
  await screenshot(advertiser, "advertiser - transfer pending");

  // A targeted campaign: the forecast answers for the whole campaign as it is typed.
  await openTab(advertiser, "Campaigns");
  await advertiser.getByRole("button", { name: "Create Campaign", exact: true }).click();
  const form = advertiser.getByRole("dialog", { name: "Create Campaign" }).getByRole("form", { name: "Create campaign" });
  await form.getByLabel("Campaign name").fill(campaign);
  await form.getByLabel("Budget ($)").fill("3000");
  await form.getByLabel("Price per 1,000 impressions ($)").fill("4.25");
  for (const country of ["United States", "Germany"]) await form.getByText(country, { exact: true }).click();
  await form.getByRole("group", { name: "Devices" }).getByText("Mobile", { exact: true }).click();
  await form.getByText(/only on some days and hours$/).click();
  for (const day of ["Sat", "Sun"]) await form.getByRole("group", { name: "Days" }).getByText(day, { exact: true }).click();
  const forecast = form.getByRole("status", { name: "Delivery forecast" });
  for (const figure of ["Clicks a day", "Spend a day", "Budget runs out"]) await expect(forecast.getByText(figure)).toBeVisible();
  await expect(forecast.getByText(/^About [\d,]+ impressions? a day$/)).toBeVisible();
  // The suite's server has counted no whole day yet: the forecast says what it rests on all the same.
  await expect(forecast.getByText(/^(Based on \d+ days? of requests|No requests in the last 14 days)/).first()).toBeVisible();
  await screenshot(advertiser, "advertiser - campaign form with its forecast");
  await form.getByRole("button", { name: "Create Campaign" }).click();
  await expect(toast(advertiser, "Campaign created and submitted for approval")).toBeVisible();

  // The card says what was set, and the budgets beyond the funds are said.
  const campaignCard = card(advertiser, campaign);
  await expect(badge(campaignCard, "pending")).toBeVisible();
  await expect(campaignCard.getByText("CPM $4.25 per thousand impressions")).toBeVisible();
  await expect(campaignCard.getByText("United States, Germany")).toBeVisible();
  await expect(campaignCard.getByText("Mobile", { exact: false }).first()).toBeVisible();
  await expect(advertiser.getByText("Your campaigns budget $3,000.00; you have $2,000.00, counting the transfer pending: delivery stops when funds run out.")).toBeVisible();
  await screenshot(advertiser, "advertiser - campaign pending, budgets beyond funds");

  // A native creative whose picture is an uploaded file: choosing Native first, it stays native with its texts.
  await openTab(advertiser, "Creatives");
  await advertiser.getByRole("button", { name: "Add Creative" }).click();
  const dialog = advertiser.getByRole("dialog", { name: "Add Creative" });
  const creativeForm = dialog.getByRole("form", { name: "Add creative" });
  await creativeForm.getByLabel("Campaign").selectOption({ label: campaign });
  await creativeForm.getByLabel("Creative name").fill(creative);
  await creativeForm.getByLabel("Type").selectOption({ label: "Native" });
  await creativeForm.getByLabel("Headline").fill("Boots for the long walk home");
  await creativeForm.getByLabel("Body").fill("Waterproof leather, made to last a decade of autumns.");
  await creativeForm.getByLabel("Call to action").fill("Shop boots");
  await creativeForm.getByLabel("Upload a file").setInputFiles(join(files, "boots.png"));
  await expect(creativeForm.getByRole("status").filter({ hasText: "Uploaded: PNG image, 1200×627 pixels" })).toBeVisible();
  await expect(creativeForm.getByLabel("Type")).toHaveValue("native");
  await expect(creativeForm.getByLabel("Headline")).toHaveValue("Boots for the long walk home");
  await creativeForm.getByLabel("Click URL").fill("https://shop.example.com/boots");
  await screenshot(advertiser, "advertiser - native creative with its uploaded picture");
  await creativeForm.getByRole("button", { name: "Add Creative" }).click();
  await expect(toast(advertiser, "Creative added and sent for review")).toBeVisible();
  await dialog.waitFor({ state: "hidden" });
  const creativeCards = advertiser.getByRole("article", { name: creative, exact: true });
  await expect(creativeCards).toHaveCount(1);
  await expect(badge(creativeCards, "pending")).toBeVisible();
  await expect(creativeCards.getByText("Boots for the long walk home")).toBeVisible();
  await expect(creativeCards.getByRole("link", { name: "https://shop.example.com/boots" })).toBeVisible();
  await expect(creativeCards.getByText("Native", { exact: true })).toBeVisible();
  await screenshot(advertiser, "advertiser - native creative pending");

  // Duplicate: the dialog says what the copy takes; archiving the copy takes its creative out of the list at once.
  await openTab(advertiser, "Campaigns");
  await campaignCard.getByRole("button", { name: `Duplicate ${campaign}` }).click();
  const duplicate = advertiser.getByRole("dialog", { name: "Duplicate campaign" });
  await expect(duplicate.getByRole("status").filter({ hasText: "Its creative is copied too." })).toBeVisible();
  await screenshot(advertiser, "advertiser - duplicate says what it copies");
  await duplicate.getByRole("button", { name: "Duplicate" }).click();
  await expect(toast(advertiser, "Copy created and submitted for approval")).toBeVisible();
  await openTab(advertiser, "Creatives");
  await expect(creativeCards).toHaveCount(2);
  await openTab(advertiser, "Campaigns");
  await card(advertiser, copy).getByRole("button", { name: `Archive ${copy}` }).click();
  await expect(toast(advertiser, "Campaign archived")).toBeVisible();
  await expect(card(advertiser, copy)).toHaveCount(0);
  await openTab(advertiser, "Creatives");
  await expect(creativeCards).toHaveCount(1);
  await screenshot(advertiser, "advertiser - the archived copy's creative is gone");

  // The admin sees everything that will deliver, and nothing of the archived copy.
  const admin = await visitors.open();
  await signInFromLanding(admin, adminAccount());
  await expect(admin).toHavePath("/admin");
  await openTab(admin, "Campaigns");
  await admin.getByRole("searchbox", { name: "Search campaigns" }).fill(campaign);
  const review = card(admin, campaign);
  await expect(review.getByText("CPM $4.25 per thousand impressions")).toBeVisible();
  await expect(review.getByText("United States, Germany")).toBeVisible();
  await expect(card(admin, copy)).toHaveCount(0);
  await screenshot(admin, "admin - campaign review shows its settings");
  await approve(admin, "Campaigns", campaign);
  await expect(toast(admin, "Campaign approved successfully")).toBeVisible();
  // The review list opens on what needs action: the approved campaign leaves it.
  await expect(card(admin, campaign)).toHaveCount(0);

  await openTab(admin, "Creatives");
  await admin.getByRole("searchbox", { name: "Search creatives" }).fill(creative);
  await expect(admin.getByRole("article", { name: creative, exact: true })).toHaveCount(1);
  await expect(card(admin, creative).getByText("Boots for the long walk home")).toBeVisible();
  await screenshot(admin, "admin - native creative review");
  await approve(admin, "Creatives", creative);
  await expect(toast(admin, "Creative approved successfully")).toBeVisible();

  await openTab(admin, "Finance");
  const awaited = admin.getByRole("table", { name: "Transfers awaited" }).getByRole("row").filter({ hasText: reference });
  await awaited.getByRole("button", { name: `Record ${reference}` }).click();
  const record = admin.getByRole("dialog", { name: "Record a transfer" }).getByRole("form", { name: "Record a transfer" });
  await record.getByRole("button", { name: "Record transfer" }).click();
  await expect(toast(admin, `Transfer ${reference} recorded`)).toBeVisible();
  await screenshot(admin, "admin - transfer recorded");

  await advertiser.reload();
  await openTab(advertiser, "Campaigns");
  await expect(badge(campaignCard, "active")).toBeVisible();
  await expect(advertiser.getByText("Your campaigns budget $3,000.00; you have $2,000.00: delivery stops when funds run out.")).toBeVisible();
  await openTab(advertiser, "Creatives");
  await expect(badge(creativeCards, "approved")).toBeVisible();
  await screenshot(advertiser, "advertiser - campaign and creative live");
});
