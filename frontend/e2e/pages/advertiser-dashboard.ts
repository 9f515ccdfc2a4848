import type { Page } from "playwright-core";

export interface CampaignDetails {
  name: string;
  budget: string;
  cpm: string;
  countries: string[];
}

/** Keeps the default flight: today to 30 days out. */
export async function createCampaign(page: Page, campaign: CampaignDetails) {
  await page.getByRole("button", { name: "Create Campaign", exact: true }).click();
  const form = page.getByRole("dialog", { name: "Create Campaign" }).getByRole("form", { name: "Create campaign" });
  await form.getByLabel("Campaign name").fill(campaign.name);
  await form.getByLabel("Budget ($)").fill(campaign.budget);
  await form.getByLabel("Price per 1,000 impressions ($)").fill(campaign.cpm);
  for (const country of campaign.countries) await form.getByText(country, { exact: true }).click();
  await form.getByRole("button", { name: "Create Campaign" }).click();
}

export async function uploadCreative(page: Page, creative: { campaign: string; name: string; contentUrl: string }) {
  await page.getByRole("button", { name: "Add Creative" }).click();
  const form = page.getByRole("dialog", { name: "Add Creative" }).getByRole("form", { name: "Add creative" });
  await form.getByLabel("Campaign").selectOption({ label: creative.campaign });
  await form.getByLabel("Creative name").fill(creative.name);
  await form.getByLabel("Content URL").fill(creative.contentUrl);
  await form.getByRole("button", { name: "Add Creative" }).click();
}

export interface CampaignEdit {
  pricingModel?: string;
  bid?: string;
  /** Countries to tick or untick, by name. */
  toggleCountries?: string[];
}

/** Opens Edit on the campaign's card, changes what is given, and saves. */
export async function editCampaign(page: Page, name: string, edit: CampaignEdit) {
  await page.getByRole("article", { name, exact: true }).getByRole("button", { name: `Edit ${name}` }).click();
  const form = page.getByRole("dialog", { name: `Edit ${name}` }).getByRole("form", { name: `Edit ${name}` });
  if (edit.pricingModel) await form.getByLabel("Pricing model").selectOption({ label: edit.pricingModel });
  if (edit.bid) await form.getByLabel(/^(Price|Bid) per .* \(\$\)/).fill(edit.bid);
  for (const country of edit.toggleCountries ?? []) await form.getByText(country, { exact: true }).click();
  await form.getByRole("button", { name: "Save Changes" }).click();
}

/** The campaign's history, newest first, each change as its lines: what, from → to, then when · who. */
export async function campaignHistory(page: Page, name: string): Promise<string[][]> {
  await page.getByRole("article", { name, exact: true }).getByRole("button", { name: `History of ${name}` }).click();
  const list = page.getByRole("dialog", { name: `History of ${name}` }).getByRole("list", { name: "Campaign history" });
  await list.getByRole("listitem").first().waitFor();
  return Promise.all((await list.getByRole("listitem").all()).map((item) => item.locator("p").allTextContents()));
}
