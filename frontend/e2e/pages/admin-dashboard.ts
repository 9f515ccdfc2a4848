import type { Page } from "playwright-core";
import { card, openTab } from "./common";

type ReviewTab = "Sites" | "Campaigns" | "Creatives";

/** Each tab's own search box: while tabs switch, the one left may still be on screen. */
const SEARCH_BOX: Record<ReviewTab, string> = {
  Sites: "Search sites",
  Campaigns: "Search campaigns",
  Creatives: "Search creatives",
};

/** The card of what an admin reviews, searched for by name: the list shows a page at a time. */
async function reviewCard(page: Page, tab: ReviewTab, name: string) {
  await openTab(page, tab);
  await page.getByRole("searchbox", { name: SEARCH_BOX[tab] }).fill(name);
  return card(page, name);
}

export async function approve(page: Page, tab: ReviewTab, name: string) {
  await (await reviewCard(page, tab, name)).getByRole("button", { name: "Approve", exact: true }).click();
}

export async function reject(page: Page, tab: ReviewTab, name: string, reason: string) {
  await (await reviewCard(page, tab, name)).getByRole("button", { name: "Reject" }).click();
  const form = page.getByRole("dialog", { name: /^Reject / }).getByRole("form", { name: "Reject" });
  await form.getByLabel("Reason").fill(reason);
  await form.getByRole("button", { name: "Reject" }).click();
}

/** The review tabs open on Pending; what was just decided shows again under all statuses. */
export async function showAllStatuses(page: Page) {
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "All statuses" });
}

/** A payout's row in the Payouts tab's table under the status filter shown, found by the publisher's name. */
export const payoutRow = (page: Page, publisherName: string) => page.getByRole("row").filter({ hasText: publisherName });

export async function showPayouts(page: Page, status: "Requested" | "Paid") {
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: status });
}

export async function markPaid(page: Page, publisherName: string) {
  await payoutRow(page, publisherName).getByRole("button", { name: "Mark Paid" }).click();
  return page.getByRole("dialog", { name: "Mark payout as paid" });
}

/** A user's row in User Management, found by searching their e-mail. */
export async function userRow(page: Page, email: string) {
  await openTab(page, "Users");
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  return page.getByRole("row").filter({ hasText: email });
}

export async function suspendUser(page: Page, email: string, fullName: string, reason: string) {
  await (await userRow(page, email)).getByRole("button", { name: `Suspend ${fullName}` }).click();
  const form = page.getByRole("dialog", { name: `Suspend ${fullName}` }).getByRole("form", { name: "Suspend" });
  await form.getByLabel("Reason").fill(reason);
  await form.getByRole("button", { name: "Suspend" }).click();
}
