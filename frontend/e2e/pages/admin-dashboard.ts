import type { Page } from "playwright-core";
import { card, openTab } from "./common";

type ReviewTab = "Site Approvals" | "Campaign Management" | "Creatives";

export async function approve(page: Page, tab: ReviewTab, name: string) {
  await openTab(page, tab);
  await card(page, name).getByRole("button", { name: "Approve" }).click();
}

export async function reject(page: Page, tab: ReviewTab, name: string, reason: string) {
  await openTab(page, tab);
  await card(page, name).getByRole("button", { name: "Reject" }).click();
  const form = page.getByRole("dialog", { name: /^Reject / }).getByRole("form", { name: "Reject" });
  await form.getByLabel("Reason").fill(reason);
  await form.getByRole("button", { name: "Reject" }).click();
}
