import type { Page } from "playwright-core";

/** One section of the Settings page by its heading: Profile, E-mail and notifications, Security, API keys, Webhooks. */
export const settingsSection = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Settings from the dashboard header, as every role opens it; resolves once the page is up. */
export async function openSettings(page: Page) {
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
}
