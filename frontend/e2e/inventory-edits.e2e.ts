import { publisherWithZone } from "./support/ad-setup";
import { signIn, uniqueTag } from "./support/api";
import { signInFromLanding } from "./pages/auth-dialog";
import { card, openTab, toast } from "./pages/common";
import { removeFromCard, resizeAdZone } from "./pages/publisher-dashboard";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount, baseUrl } from "./support/shared-server";

const visitors = useVisitors();

test("a publisher changes a zone to a standard size, then removes its site, which stays removed and stops its tag", async () => {
  const admin = await signIn(adminAccount());
  const domain = `desk-${uniqueTag()}.example`;
  const { account, zoneId } = await publisherWithZone(admin, { domain, size: { width: 728, height: 90 }, fullName: "Ines Inventory" });
  const siteName = `News ${domain}`;
  const publisher = await visitors.open();
  await signInFromLanding(publisher, account);
  await expect(publisher).toHavePath("/publisher");

  await openTab(publisher, "Ad Zones");
  const zoneCard = card(publisher, "Article box");
  await expect(zoneCard.getByText("728x90", { exact: true })).toBeVisible();
  await expect(zoneCard.getByRole("group", { name: "Article box this month" })).toBeVisible();
  await resizeAdZone(publisher, "Article box", "Medium Rectangle (300×250)");
  await expect(toast(publisher, "Ad zone saved")).toBeVisible();
  await expect(zoneCard.getByText("300x250", { exact: true })).toBeVisible();
  expect(await zoneCard.locator("pre").textContent()).toContain('data-width="300" data-height="250"');
  await screenshot(publisher, "publisher - zone resized");

  await openTab(publisher, "My Sites");
  await removeFromCard(publisher, siteName, "Remove site");
  await expect(toast(publisher, `${siteName} removed`)).toBeVisible();
  await expect(publisher.getByText("No sites yet")).toBeVisible();
  await screenshot(publisher, "publisher - site removed");

  await publisher.reload();
  await expect(publisher.getByText("No sites yet")).toBeVisible();
  await openTab(publisher, "Ad Zones");
  await expect(publisher.getByText("You need approved sites first")).toBeVisible();
  expect((await fetch(`${baseUrl()}/serve?zone=${zoneId}`)).status).toBe(404);
});
