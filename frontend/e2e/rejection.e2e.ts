import { reject, showAllStatuses } from "./pages/admin-dashboard";
import { badge, card, toast } from "./pages/common";
import { createCampaign, createSite, newAccount, registeredToken, signIn, uniqueName, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

test("a rejected site shows its publisher the admin's reason", async () => {
  const publisherToken = await registeredToken(newAccount("PUBLISHER", "Rita Rejected"));
  const tag = uniqueTag();
  const siteName = `Coupon Farm ${tag}`;
  await createSite(publisherToken, { domain: `${tag}.coupons.example`, name: siteName, category: "lifestyle", description: "Coupon codes." });
  const reason = "The site is mostly auto-generated coupon pages.";

  const admin = await visitors.open({ token: await signIn(adminAccount()) });
  await admin.goto("/admin");
  await reject(admin, "Sites", siteName, reason);
  await expect(toast(admin, "Site rejected")).toBeVisible();
  await showAllStatuses(admin);
  await expect(badge(card(admin, siteName), "rejected")).toBeVisible();
  await screenshot(admin, "admin - site rejected");

  const publisher = await visitors.open({ token: publisherToken });
  await publisher.goto("/publisher");
  const siteCard = card(publisher, siteName);
  await expect(badge(siteCard, "rejected")).toBeVisible();
  await expect(siteCard.getByText(`Rejection reason: ${reason}`)).toBeVisible();
  await screenshot(publisher, "publisher - rejection reason");
});

test("a rejected campaign shows its advertiser the admin's reason", async () => {
  const advertiserToken = await registeredToken(newAccount("ADVERTISER", "Roy Rejected"));
  const campaignName = uniqueName("Miracle Pills");
  await createCampaign(advertiserToken, { name: campaignName, budget: 800, cpm: 2 });
  const reason = "Health claims are not allowed.";

  const admin = await visitors.open({ token: await signIn(adminAccount()) });
  await admin.goto("/admin");
  await reject(admin, "Campaigns", campaignName, reason);
  await expect(toast(admin, "Campaign rejected")).toBeVisible();
  await showAllStatuses(admin);
  await expect(badge(card(admin, campaignName), "rejected")).toBeVisible();
  await screenshot(admin, "admin - campaign rejected");

  const advertiser = await visitors.open({ token: advertiserToken });
  await advertiser.goto("/advertiser");
  const campaignCard = card(advertiser, campaignName);
  await expect(badge(campaignCard, "rejected")).toBeVisible();
  await expect(campaignCard.getByText(`Rejection reason: ${reason}`)).toBeVisible();
  await screenshot(advertiser, "advertiser - rejection reason");
});
