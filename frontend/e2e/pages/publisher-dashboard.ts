import type { Page } from "playwright-core";

export interface SiteDetails {
  domain: string;
  name: string;
  category: string;
  description: string;
}

export async function addSite(page: Page, site: SiteDetails) {
  await page.getByRole("button", { name: "Add Site", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Add New Site" }).getByRole("form", { name: "Add site" });
  await form.getByLabel(/^Domain/).fill(site.domain);
  await form.getByLabel("Site name").fill(site.name);
  await form.getByLabel("Category").selectOption(site.category);
  await form.getByLabel("Description").fill(site.description);
  await form.getByRole("button", { name: "Submit for Approval" }).click();
}

/** Leaves size, format and position at their defaults (728x90 banner in the header). */
export async function createAdZone(page: Page, zone: { site: SiteDetails; name: string }) {
  await page.getByRole("button", { name: "Add Ad Zone" }).click();
  const form = page.getByRole("dialog", { name: "Create Ad Zone" }).getByRole("form", { name: "Create ad zone" });
  await form.getByLabel("Site").selectOption({ label: `${zone.site.name} (${zone.site.domain})` });
  await form.getByLabel("Zone name").fill(zone.name);
  await form.getByRole("button", { name: "Create Ad Zone" }).click();
}

/** Edit on the zone's card, then a standard size from the zone form's Size list (its label, such as "Medium Rectangle (300×250)"). */
export async function resizeAdZone(page: Page, zoneName: string, sizeLabel: string) {
  await page.getByRole("button", { name: `Edit ${zoneName}` }).click();
  const form = page.getByRole("dialog", { name: `Edit ${zoneName}` }).getByRole("form", { name: "Edit ad zone" });
  await form.getByLabel("Size").selectOption({ label: sizeLabel });
  await form.getByRole("button", { name: "Save Changes" }).click();
}

/** Remove on the card, then Remove again in the confirmation. */
export async function removeFromCard(page: Page, name: string, confirmTitle: string) {
  await page.getByRole("button", { name: `Remove ${name}` }).click();
  await page.getByRole("dialog", { name: confirmTitle }).getByRole("button", { name: "Remove", exact: true }).click();
}

/** Edit on the zone's card, then a floor price in dollars per thousand impressions. */
export async function setZoneFloor(page: Page, zoneName: string, floor: string) {
  await page.getByRole("button", { name: `Edit ${zoneName}` }).click();
  const form = page.getByRole("dialog", { name: `Edit ${zoneName}` }).getByRole("form", { name: "Edit ad zone" });
  await form.getByLabel("Floor price (CPM)").fill(floor);
  await form.getByRole("button", { name: "Save Changes" }).click();
}

/** Edit on the site's card, then tick an advertiser category (its label, such as "Gambling") to block. */
export async function blockCategory(page: Page, siteName: string, categoryLabel: string) {
  await page.getByRole("button", { name: `Edit ${siteName}` }).click();
  const form = page.getByRole("dialog", { name: `Edit ${siteName}` }).getByRole("form", { name: "Edit site" });
  await form.getByText(categoryLabel, { exact: true }).click();
  await form.getByRole("button", { name: "Save Changes" }).click();
}
