import type { Locator, Page } from "playwright-core";

/** A toast by its exact title, inside the app's notification area. */
export const toast = (page: Page, title: string) =>
  page.getByRole("region", { name: /^Notifications/ }).getByRole("status", { name: title, exact: true });

/** Sites, zones, campaigns, creatives and messages are all cards labelled by their name. */
export const card = (scope: Page | Locator, name: string) => scope.getByRole("article", { name, exact: true });

/** A status badge is the lower-case status word on the card. */
export const badge = (scope: Locator, status: string) => scope.getByText(status, { exact: true });

export const openTab = (page: Page, name: string) => page.getByRole("tab", { name }).click();
