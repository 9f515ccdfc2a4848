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

/**
 * Whether the element comes to show in the window, below the page's header rather than under it,
 * within a few seconds (the page scrolls there once its script runs).
 */
export async function isInView(locator: Locator): Promise<boolean> {
  const inView = () =>
    locator.evaluate((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      return top >= headerBottom && bottom <= window.innerHeight;
    });
  for (const giveUpAt = Date.now() + 5_000; Date.now() < giveUpAt; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await inView()) return true;
  }
  return inView();
}
