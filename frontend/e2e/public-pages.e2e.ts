import type { Locator, Page } from "playwright-core";
import { AuthDialog } from "./pages/auth-dialog";
import { DESKTOP, MOBILE, useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";

const visitors = useVisitors();

interface PublicPage {
  path: string;
  heading: string;
  /** The content that makes the page worth visiting. */
  keyContent: (page: Page) => Locator;
  /** Static pages share a header whose Back to Home button leads to /. */
  backToHome: boolean;
}

const LANDING = "The Ad Network That Grows With You";
const landingStats = (page: Page) => page.getByText("2.5B+", { exact: true });
const campaignSteps = (page: Page) => page.getByRole("heading", { name: "Launch & Monitor" });
const faq = (page: Page) => page.getByRole("heading", { name: "Frequently Asked Questions" });
const revenueShare = (page: Page) => page.getByText("High Revenue Share", { exact: true });
const lastUpdated = (page: Page) => page.getByText("Last updated: December 2024");

const PUBLIC_PAGES: PublicPage[] = [
  { path: "/", heading: LANDING, keyContent: landingStats, backToHome: false },
  { path: "/publisher-login", heading: LANDING, keyContent: landingStats, backToHome: false },
  { path: "/advertiser-login", heading: LANDING, keyContent: landingStats, backToHome: false },
  {
    path: "/traffic-inventory",
    heading: "Premium Traffic Inventory",
    keyContent: (page) => page.getByRole("button", { name: /North America/ }),
    backToHome: true,
  },
  {
    path: "/traffic-by-region",
    heading: "Traffic by Region",
    // Shown once the page's two-second loading state is over.
    keyContent: (page) => page.getByRole("heading", { name: "Asia Pacific" }),
    backToHome: true,
  },
  { path: "/monetize-traffic", heading: "Monetize Your Traffic", keyContent: revenueShare, backToHome: true },
  {
    path: "/payment-terms",
    heading: "Monetize Your Traffic",
    keyContent: (page) => page.getByRole("heading", { name: "Payment Terms" }),
    backToHome: true,
  },
  {
    path: "/ad-formats",
    heading: "Ad Formats",
    keyContent: (page) => page.getByRole("heading", { name: "Display Banners" }),
    backToHome: true,
  },
  { path: "/campaign-management", heading: "Campaign Management", keyContent: campaignSteps, backToHome: true },
  { path: "/targeting-options", heading: "Campaign Management", keyContent: campaignSteps, backToHome: true },
  { path: "/pricing-models", heading: "Campaign Management", keyContent: campaignSteps, backToHome: true },
  { path: "/help-center", heading: "Help Center", keyContent: faq, backToHome: true },
  { path: "/contact-support", heading: "Help Center", keyContent: faq, backToHome: true },
  { path: "/privacy-policy", heading: "Privacy Policy", keyContent: lastUpdated, backToHome: true },
  { path: "/terms-of-service", heading: "Terms of Service", keyContent: lastUpdated, backToHome: true },
  {
    path: "/no-such-page",
    heading: "Page not found",
    keyContent: (page) => page.getByRole("link", { name: "Go to the home page" }),
    backToHome: false,
  },
];

describe.each([
  ["desktop", DESKTOP],
  ["360 px", MOBILE],
])("at %s width", (_width, viewport) => {
  test.each(PUBLIC_PAGES)("$path shows its key content", async ({ path, heading, keyContent, backToHome }) => {
    const page = await visitors.open({ viewport });

    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expect(keyContent(page)).toBeVisible();
    if (backToHome) await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    await screenshot(page, path);
    // Nothing may stick out sideways: on a phone that is a page that scrolls left and right.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test("at 360 px the landing page's menu opens and holds the header's items", async () => {
  const page = await visitors.open({ viewport: MOBILE });
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Login", exact: true })).not.toBeVisible();

  await header.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  for (const link of ["Features", "Testimonials", "Traffic Inventory"]) {
    await expect(menu.getByRole("link", { name: link })).toBeVisible();
  }
  for (const button of ["Contact", "Login", "Get Started"]) {
    await expect(menu.getByRole("button", { name: button, exact: true })).toBeVisible();
  }
  await screenshot(page, "menu open");

  await menu.getByRole("button", { name: "Login", exact: true }).click();
  await expect(menu).not.toBeVisible();
  await expect(new AuthDialog(page).loginForm).toBeVisible();
  await screenshot(page, "login dialog from the menu");
});

test("Back to Home leads from a static page to the landing page", async () => {
  const page = await visitors.open();
  await page.goto("/ad-formats");
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHavePath("/");
  await expect(page.getByRole("heading", { name: LANDING, level: 1 })).toBeVisible();
  await screenshot(page, "landing page");
});
