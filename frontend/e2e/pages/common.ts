import type { Locator, Page } from "playwright-core";
import { adminGroupOfLabel } from "../../src/features/admin/admin-tabs";

/** A toast by its exact title, inside the app's notification area. */
export const toast = (page: Page, title: string) =>
  page.getByRole("region", { name: /^Notifications/ }).getByRole("status", { name: title, exact: true });

/** Sites, zones, campaigns, creatives and messages are all cards labelled by their name. */
export const card = (scope: Page | Locator, name: string) => scope.getByRole("article", { name, exact: true });

/** A status badge is the lower-case status word on the card. */
export const badge = (scope: Locator, status: string) => scope.getByText(status, { exact: true });

/** A dashboard tab by its label; on the admin dashboard its group is opened first. */
export async function openTab(page: Page, name: string) {
  const group = new URL(page.url()).pathname.startsWith("/admin") ? adminGroupOfLabel(name) : undefined;
  if (group) await page.getByRole("tablist", { name: "Admin sections" }).getByRole("tab", { name: group.name }).click();
  await page.getByRole("tab", { name }).click();
}
