import { approve, showAllStatuses } from "./pages/admin-dashboard";
import { badge, card, openTab, toast } from "./pages/common";
import { createSite, graphql, newAccount, registeredToken, signIn, uniqueName, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

test("an admin's approval reaches the publisher's open page: the site shows approved and Add Ad Zone opens, without a reload", async () => {
  const publisherToken = await registeredToken(newAccount("PUBLISHER", "Lena Live"));
  const tag = uniqueTag();
  const siteName = `Live Wire ${tag}`;
  await createSite(publisherToken, { domain: `${tag}.livewire.example`, name: siteName, category: "news", description: "Breaking news." });

  const publisher = await visitors.open({ token: publisherToken });
  await publisher.goto("/publisher");
  await expect(badge(card(publisher, siteName), "pending")).toBeVisible();
  await openTab(publisher, "Ad Zones");
  const addZone = publisher.getByRole("button", { name: "Add Ad Zone" });
  await expect(addZone).toBeDisabled();

  const admin = await visitors.open({ token: await signIn(adminAccount()) });
  await admin.goto("/admin");
  await approve(admin, "Sites", siteName);
  await showAllStatuses(admin);
  await expect(badge(card(admin, siteName), "approved")).toBeVisible();

  // The matchers wait 20 s: two turns of the dashboards' polling.
  await expect(addZone).not.toBeDisabled();
  await openTab(publisher, "My Sites");
  await expect(badge(card(publisher, siteName), "approved")).toBeVisible();
});

test("an admin's creative approval takes the advertiser's campaign off 'no approved creative', without a reload", async () => {
  const advertiserToken = await registeredToken(newAccount("ADVERTISER", "Liam Live"));
  const adminToken = await signIn(adminAccount());
  const campaignName = uniqueName("Live Launch");
  const creativeName = uniqueName("Live Banner");
  const { createCampaign } = await graphql<{ createCampaign: { id: number } }>(
    "mutation ($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }",
    { input: { name: campaignName, budget: 800, cpm: 2 } },
    advertiserToken,
  );
  await graphql("mutation ($id: Int!) { approveCampaign(id: $id) { id } }", { id: createCampaign.id }, adminToken);
  await graphql(
    "mutation ($input: CreateCreativeInput!) { createCreative(input: $input) { id } }",
    { input: { campaignId: createCampaign.id, name: creativeName, contentUrl: "https://cdn.example.com/live.png" } },
    advertiserToken,
  );

  const advertiser = await visitors.open({ token: advertiserToken });
  await advertiser.goto("/advertiser");
  const campaignCard = card(advertiser, campaignName);
  await expect(campaignCard.getByText("Not delivering: no approved creative")).toBeVisible();

  const admin = await visitors.open({ token: adminToken });
  await admin.goto("/admin");
  await approve(admin, "Creatives", creativeName);
  await expect(toast(admin, "Creative approved successfully")).toBeVisible();
  // The tab lists pending creatives: the approved one leaves it at once, from the approval's answer.
  await expect(card(admin, creativeName)).not.toBeVisible();

  await expect(campaignCard.getByText("Not delivering: no approved creative")).not.toBeVisible();
  await openTab(advertiser, "Creatives");
  await expect(badge(card(advertiser, creativeName), "approved")).toBeVisible();
});
