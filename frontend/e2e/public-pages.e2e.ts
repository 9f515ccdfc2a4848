import type { Locator, Page } from "playwright-core";
import { AuthDialog } from "./pages/auth-dialog";
import { isInView } from "./pages/common";
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
const sectionHeading = (name: string) => (page: Page) => page.getByRole("heading", { name, level: 2 });

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
  { path: "/payment-terms", heading: "Monetize Your Traffic", keyContent: sectionHeading("Payment Terms"), backToHome: true },
  {
    path: "/ad-formats",
    heading: "Ad Formats",
    keyContent: (page) => page.getByRole("heading", { name: "Display Banners" }),
    backToHome: true,
  },
  { path: "/campaign-management", heading: "Campaign Management", keyContent: campaignSteps, backToHome: true },
  { path: "/targeting-options", heading: "Campaign Management", keyContent: sectionHeading("Targeting Options"), backToHome: true },
  { path: "/pricing-models", heading: "Campaign Management", keyContent: sectionHeading("Pricing Models"), backToHome: true },
  { path: "/help-center", heading: "Help Center", keyContent: faq, backToHome: true },
  { path: "/contact-support", heading: "Help Center", keyContent: sectionHeading("Contact Support"), backToHome: true },
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

test.each([
  ["/publisher-login", "Publisher login", "PUBLISHER"],
  ["/advertiser-login", "Advertiser login", "ADVERTISER"],
])("%s opens the login dialog for its audience, its Register tab on that role", async (path, notice, role) => {
  const page = await visitors.open();
  await page.goto(path);

  const dialog = new AuthDialog(page);
  await expect(dialog.loginForm).toBeVisible();
  await expect(dialog.root.getByText(new RegExp(`^${notice}: sign in`))).toBeVisible();
  await screenshot(page, `${notice} dialog`);
  await dialog.root.getByRole("tab", { name: "Register" }).click();
  await expect(dialog.registerForm).toBeVisible();
  expect(await dialog.registerForm.getByLabel("I am a").inputValue()).toBe(role);
});

test("the landing page's Start Your Campaign opens Register with Advertiser chosen", async () => {
  const page = await visitors.open();
  await page.goto("/");

  await page.getByRole("button", { name: "Start Your Campaign" }).click();
  const dialog = new AuthDialog(page);
  await expect(dialog.registerForm).toBeVisible();
  expect(await dialog.registerForm.getByLabel("I am a").inputValue()).toBe("ADVERTISER");
  await screenshot(page, "register as an advertiser");
});

const FOOTER_SECTIONS = [
  ["Payment Terms", "/payment-terms"],
  ["Targeting Options", "/targeting-options"],
  ["Pricing Models", "/pricing-models"],
  ["Contact Support", "/contact-support"],
] as const;

describe.each([
  ["desktop", DESKTOP],
  ["360 px", MOBILE],
])("at %s width", (_width, viewport) => {
  test.each(FOOTER_SECTIONS)("the footer's %s link lands on its section, below the header", async (link, path) => {
    const page = await visitors.open({ viewport });
    await page.goto("/");

    await page.getByRole("contentinfo").getByRole("link", { name: link }).click();
    await expect(page).toHavePath(path);
    const heading = page.getByRole("heading", { name: link, level: 2 });
    await expect(heading).toBeVisible();
    expect(await isInView(heading)).toBe(true);
    await screenshot(page, link);
  });
});

test.each(FOOTER_SECTIONS)("once the app runs, a link to %s lands on its section too", async (link, path) => {
  const page = await visitors.open();
  // The dialog brought the app: the footer's links are now the app's own navigations.
  await page.goto("/advertiser-login");
  await expect(new AuthDialog(page).loginForm).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("contentinfo").getByRole("link", { name: link }).click();
  await expect(page).toHavePath(path);
  const heading = page.getByRole("heading", { name: link, level: 2 });
  await expect(heading).toBeVisible();
  expect(await isInView(heading)).toBe(true);
});

test("an unknown path is answered 404 with the not-found page, whose link leads home", async () => {
  const page = await visitors.open();
  const response = await page.goto("/no-such-page");

  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  expect(await page.title()).toBe("Page Not Found · AdNet");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("heading", { name: LANDING, level: 1 })).toBeVisible();
});
