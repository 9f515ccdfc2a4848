import { approve, showAllStatuses } from "./pages/admin-dashboard";
import { createCampaign, uploadCreative } from "./pages/advertiser-dashboard";
import { AuthDialog, signInFromLanding } from "./pages/auth-dialog";
import { badge, card, openTab, toast } from "./pages/common";
import { newAccount, uniqueName, verifyEmailOf } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

test("an advertiser's campaign and creative go live after an admin approves them", async () => {
  const account = newAccount("ADVERTISER", "Adam Advertiser");
  const campaign = { name: uniqueName("Spring Sale"), budget: "1500", cpm: "4.25", countries: ["United States", "Germany"] };
  const creativeName = uniqueName("Leaderboard");
  const advertiser = await visitors.open();

  await advertiser.goto("/");
  const auth = await AuthDialog.openFrom(advertiser, "Get Started");
  await auth.register(account);
  await expect(toast(advertiser, "Registration successful! Welcome to AdNet.")).toBeVisible();
  await expect(advertiser).toHavePath("/advertiser");
  // The link of the verification e-mail is opened (its page has a test of its own).
  await verifyEmailOf(account.email);
  await expect(advertiser.getByRole("heading", { name: "Advertiser Dashboard" })).toBeVisible();
  await expect(advertiser.getByText("No campaigns yet")).toBeVisible();
  await screenshot(advertiser, "advertiser - empty dashboard");

  await openTab(advertiser, "Creatives");
  await expect(advertiser.getByRole("button", { name: "Upload Creative" })).toBeDisabled();
  await openTab(advertiser, "Campaigns");

  await createCampaign(advertiser, campaign);
  await expect(toast(advertiser, "Campaign created and submitted for approval")).toBeVisible();
  const campaignCard = card(advertiser, campaign.name);
  await expect(badge(campaignCard, "pending")).toBeVisible();
  await expect(campaignCard.getByText("$1,500.00")).toBeVisible();
  await expect(campaignCard.getByText("$4.25")).toBeVisible();
  await expect(campaignCard.getByText("United States, Germany")).toBeVisible();
  await screenshot(advertiser, "advertiser - campaign pending");

  const admin = await visitors.open();
  await signInFromLanding(admin, adminAccount());
  await expect(admin).toHavePath("/admin");
  await approve(admin, "Campaigns", campaign.name);
  await expect(toast(admin, "Campaign approved successfully")).toBeVisible();
  await showAllStatuses(admin);
  await expect(badge(card(admin, campaign.name), "active")).toBeVisible();
  await screenshot(admin, "admin - campaign approved");

  await advertiser.reload();
  await expect(badge(campaignCard, "active")).toBeVisible();
  await expect(campaignCard.getByRole("button", { name: `Pause ${campaign.name}` })).toBeVisible();
  await screenshot(advertiser, "advertiser - campaign active");

  await openTab(advertiser, "Creatives");
  await uploadCreative(advertiser, { campaign: campaign.name, name: creativeName, contentUrl: "https://cdn.example.com/spring-728x90.png" });
  await expect(toast(advertiser, "Creative uploaded successfully")).toBeVisible();
  const creativeCard = card(advertiser, creativeName);
  await expect(badge(creativeCard, "pending")).toBeVisible();
  await expect(creativeCard.getByText("728x90", { exact: true })).toBeVisible();
  await screenshot(advertiser, "advertiser - creative pending");

  await admin.reload();
  await openTab(admin, "Creatives");
  await expect(card(admin, creativeName).getByText(campaign.name, { exact: false })).toBeVisible();
  await screenshot(admin, "admin - creative review");
  await approve(admin, "Creatives", creativeName);
  await expect(toast(admin, "Creative approved successfully")).toBeVisible();
  await expect(card(admin, creativeName)).not.toBeVisible();
  await screenshot(admin, "admin - creative approved");

  await advertiser.reload();
  await openTab(advertiser, "Creatives");
  await expect(badge(creativeCard, "approved")).toBeVisible();
  await screenshot(advertiser, "advertiser - creative approved");
});
