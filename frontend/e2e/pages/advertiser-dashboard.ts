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
  await form.getByLabel("CPM ($)").fill(campaign.cpm);
  for (const country of campaign.countries) await form.getByText(country, { exact: true }).click();
  await form.getByRole("button", { name: "Create Campaign" }).click();
}

export async function uploadCreative(page: Page, creative: { campaign: string; name: string; contentUrl: string }) {
  await page.getByRole("button", { name: "Upload Creative" }).click();
  const form = page.getByRole("dialog", { name: "Upload Creative" }).getByRole("form", { name: "Upload creative" });
  await form.getByLabel("Campaign").selectOption({ label: creative.campaign });
  await form.getByLabel("Creative name").fill(creative.name);
  await form.getByLabel("Content URL").fill(creative.contentUrl);
  await form.getByRole("button", { name: "Upload Creative" }).click();
}
