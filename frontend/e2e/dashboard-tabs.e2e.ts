import type { Page } from "playwright-core";
import { openTab } from "./pages/common";
import { newAccount, registeredToken, signIn } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();

const selectedTab = (page: Page, name: string) => page.getByRole("tab", { name, selected: true });

test("a publisher's Payouts link survives a reload, and back returns to it from another tab", async () => {
  const page = await visitors.open({ token: await registeredToken(newAccount("PUBLISHER", "Tab Publisher")) });

  await page.goto("/publisher/payouts");
  await expect(selectedTab(page, "Payouts")).toBeVisible();
  await expect(page.getByText("Minimum payout: $100")).toBeVisible();
  await screenshot(page, "payouts opened from its link");

  await page.reload();
  await expect(selectedTab(page, "Payouts")).toBeVisible();
  await expect(page).toHavePath("/publisher/payouts");

  await openTab(page, "Ad Zones");
  await expect(page).toHavePath("/publisher/zones");
  await expect(selectedTab(page, "Ad Zones")).toBeVisible();

  await page.goBack();
  await expect(page).toHavePath("/publisher/payouts");
  await expect(selectedTab(page, "Payouts")).toBeVisible();
  await expect(page.getByText("Minimum payout: $100")).toBeVisible();
  await screenshot(page, "back on payouts");
});

test("an unknown dashboard tab lands on the first tab at the dashboard's own address", async () => {
  const page = await visitors.open({ token: await registeredToken(newAccount("ADVERTISER", "Tab Advertiser")) });

  await page.goto("/advertiser/no-such-tab");

  await expect(page).toHavePath("/advertiser");
  await expect(selectedTab(page, "Campaigns")).toBeVisible();
});

test("an admin's tab link opens that tab", async () => {
  const page = await visitors.open({ token: await signIn(adminAccount()) });

  await page.goto("/admin/messages");

  await expect(selectedTab(page, "Messages")).toBeVisible();
  await screenshot(page, "messages opened from its link");
});

test("a dashboard tab link still turns away the wrong role", async () => {
  const page = await visitors.open({ token: await registeredToken(newAccount("ADVERTISER", "Wrong Role")) });

  await page.goto("/publisher/payouts");

  await expect(page).toHavePath("/advertiser");
});
