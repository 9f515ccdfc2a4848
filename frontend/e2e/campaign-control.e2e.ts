import { campaignHistory, editCampaign } from "./pages/advertiser-dashboard";
import { signInFromLanding } from "./pages/auth-dialog";
import { badge, card, toast } from "./pages/common";
import { graphql, newAccount, registeredToken, signIn, uniqueName } from "./support/api";
import { lowContrastText } from "./support/accessibility";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

test("an advertiser edits a live campaign's bid and countries from its card, and its history lists the change", async () => {
  const admin = await signIn(adminAccount());
  const account = newAccount("ADVERTISER", "Carla Control");
  const token = await registeredToken(account);
  const name = uniqueName("Harvest Sale");
  const { createCampaign } = await graphql<{ createCampaign: { id: number } }>(
    "mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name, budget: 900, cpm: 3, targetCountries: ["US"] } },
    token,
  );
  await graphql(`mutation { approveCampaign(id: ${createCampaign.id}) { status } }`, {}, admin);

  const advertiser = await visitors.open();
  await signInFromLanding(advertiser, account);
  await expect(advertiser).toHavePath("/advertiser");
  const campaignCard = card(advertiser, name);
  await expect(badge(campaignCard, "active")).toBeVisible();
  await expect(campaignCard.getByText("CPM $3.00 per thousand impressions")).toBeVisible();
  await expect(campaignCard.getByText("United States", { exact: true })).toBeVisible();

  await editCampaign(advertiser, name, { pricingModel: "CPC: per click", bid: "0.45", toggleCountries: ["Germany"] });
  await expect(toast(advertiser, "Campaign updated")).toBeVisible();
  await expect(campaignCard.getByText("CPC $0.45 per click")).toBeVisible();
  await expect(campaignCard.getByText("United States, Germany")).toBeVisible();
  await expect(badge(campaignCard, "active")).toBeVisible();
  await screenshot(advertiser, "advertiser - campaign edited live");

  const history = await campaignHistory(advertiser, name);
  expect(history.slice(0, 3).map((lines) => lines.slice(0, 2))).toEqual([
    ["Edited: Pricing model", "CPM: per thousand impressions → CPC: per click"],
    ["Edited: Bid", "$3.00 → $0.45"],
    ["Edited: Target countries", "United States → United States, Germany"],
  ]);
  expect(history[0][2]).toMatch(new RegExp(` · ${account.email.replace(/[.]/g, "\\.")}$`));
  expect(history.slice(3).map((lines) => lines[0])).toEqual(["Approved: Status", "Created"]);
  await screenshot(advertiser, "advertiser - campaign history");
  expect(await lowContrastText(advertiser, '[role="dialog"]')).toEqual([]);
});
