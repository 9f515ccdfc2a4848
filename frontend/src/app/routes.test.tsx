import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findAuthDialog, LAZY_LOAD, renderApp } from "../test/render";

const publicPages: [path: string, heading: string][] = [
  ["/traffic-inventory", "Premium Traffic Inventory"],
  ["/monetize-traffic", "Monetize Your Traffic"],
  ["/payment-terms", "Monetize Your Traffic"],
  ["/ad-formats", "Ad Formats"],
  ["/campaign-management", "Campaign Management"],
  ["/targeting-options", "Campaign Management"],
  ["/pricing-models", "Campaign Management"],
  ["/help-center", "Help Center"],
  ["/contact-support", "Help Center"],
  ["/privacy-policy", "Privacy Policy"],
  ["/terms-of-service", "Terms of Service"],
  ["/traffic-by-region", "Traffic by Region"],
];

test.each(publicPages)("%s shows its page with a way back home", async (path, heading) => {
  renderApp({ path });

  expect(await screen.findByRole("heading", { level: 1, name: heading }, LAZY_LOAD)).toBeVisible();
  expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
});

test.each(["/", "/publisher-login", "/advertiser-login"])("%s shows the landing page", async (path) => {
  renderApp({ path });

  expect(await screen.findByRole("heading", { level: 1, name: "The Ad Network That Grows With You" })).toBeVisible();
  expect(screen.getByText("2.5B+")).toBeVisible();
  expect(screen.getByRole("link", { name: "Payment Terms" })).toHaveAttribute("href", "/payment-terms");
});

test.each([
  ["/publisher-login", "Publisher login", "PUBLISHER"],
  ["/advertiser-login", "Advertiser login", "ADVERTISER"],
])("%s opens the login dialog saying whose login it is, its Register tab on that role", async (path, notice, role) => {
  renderApp({ path });

  const dialog = await findAuthDialog();
  expect(await within(dialog).findByRole("form", { name: "Login" }, LAZY_LOAD)).toBeVisible();
  expect(within(dialog).getByText(new RegExp(`^${notice}: sign in`))).toBeVisible();

  await userEvent.click(within(dialog).getByRole("tab", { name: "Register" }));
  expect(await within(dialog).findByLabelText("I am a", {}, LAZY_LOAD)).toHaveValue(role);
});

test("the landing page's Start Your Campaign opens Register with Advertiser chosen", async () => {
  renderApp({ path: "/" });

  await userEvent.click(await screen.findByRole("button", { name: "Start Your Campaign" }));

  const dialog = await findAuthDialog();
  expect(within(dialog).getByRole("tab", { name: "Register", selected: true })).toBeVisible();
  expect(await within(dialog).findByLabelText("I am a", {}, LAZY_LOAD)).toHaveValue("ADVERTISER");
});

test.each([
  ["/payment-terms", "Payment Terms"],
  ["/targeting-options", "Targeting Options"],
  ["/pricing-models", "Pricing Models"],
  ["/contact-support", "Contact Support"],
])("%s has a section of its own, headed %s", async (path, heading) => {
  const { container } = renderApp({ path });

  const section = await screen.findByRole("heading", { level: 2, name: heading }, LAZY_LOAD);
  expect(container.querySelector(path.replace("/", "#"))).toContainElement(section);
});

test("legal pages have fourteen numbered sections and name Turkish law", async () => {
  renderApp({ path: "/terms-of-service" });

  expect(await screen.findByText("Last updated: December 2024")).toBeVisible();
  expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(14);
  expect(screen.getByRole("heading", { level: 2, name: "14. Changes and Contact" })).toBeVisible();
  expect(screen.getByText(/laws of the Republic of Turkey.*arbitration in Istanbul/)).toBeVisible();
});

test("an unknown path shows a not-found page with a link home", async () => {
  renderApp({ path: "/no-such-page" });

  expect(await screen.findByRole("heading", { name: "Page not found" })).toBeVisible();
  expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
});
