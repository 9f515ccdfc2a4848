import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import type { DocumentNode } from "graphql";
import { DashboardHeader } from "../../dashboard/components/dashboard-header";
import {
  ChangePasswordDocument,
  MeDocument,
  MyApiKeysDocument,
  MyEmailStatusDocument,
  MySellerListingDocument,
  MyWebhookEndpointsDocument,
  NotificationSettingsDocument,
  TwoFactorStatusDocument,
  UpdateProfileDocument,
  type ApiKeyFieldsFragment,
  type Role,
} from "../../../gql/graphql";
import { LAZY_LOAD, renderApp, renderScreen } from "../../../test/render";

const user = (role: Role = "ADVERTISER") => ({ __typename: "User" as const, id: 4, email: "sam@example.com", fullName: "Sam Carter", role });

/** An answer the page may ask for more than once (the e-mail status is also the banner's). */
const always = (query: DocumentNode, data: object) => ({ request: { query }, result: { data }, maxUsageCount: Number.POSITIVE_INFINITY });

const key = (over: Partial<ApiKeyFieldsFragment> = {}): ApiKeyFieldsFragment => ({
  __typename: "ApiKey",
  id: 5,
  name: "Nightly sync",
  prefix: "adn_live_ab12",
  readOnly: true,
  createdAt: "2025-04-01T09:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

/** What the page's sections load, for an account of this role holding these API keys. */
const pageOf = (role: Role, keys: ApiKeyFieldsFragment[] = []) => [
  always(MeDocument, { me: user(role) }),
  always(MyEmailStatusDocument, { myEmailStatus: { __typename: "EmailStatus", email: "sam@example.com", verified: true, pendingEmail: null } }),
  always(NotificationSettingsDocument, {
    notificationSettings: role === "ADMIN" ? [] : [{ __typename: "NotificationSetting", kind: "CAMPAIGN_APPROVED", label: "A campaign of mine is approved", enabled: true }],
  }),
  always(TwoFactorStatusDocument, { twoFactorStatus: { __typename: "TwoFactorStatus", enabled: false, required: false, recoveryCodesLeft: 0 } }),
  always(MyApiKeysDocument, { myApiKeys: keys }),
  always(MyWebhookEndpointsDocument, { formOptions: { __typename: "FormOptions", webhookEvents: [] }, myWebhookEndpoints: [] }),
  always(MySellerListingDocument, { mySellerListing: { __typename: "SellerListing", sellerId: "pub-4", adsTxtLine: "adnet.test, pub-4, DIRECT", confidential: false } }),
];

const SECTIONS = ["Profile", "E-mail and notifications", "Security", "API keys", "Webhooks"];

jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "old-token");
});

async function openSettings(role: Role = "ADVERTISER", mocks: object[] = [], keys: ApiKeyFieldsFragment[] = []) {
  const rendered = renderApp({ path: "/settings", mocks: [...mocks, ...pageOf(role, keys)] as never });
  await screen.findByRole("heading", { level: 1, name: "Settings" }, LAZY_LOAD);
  // The forms wait for the server's bounds.
  await screen.findByRole("navigation", { name: "Settings sections" }, LAZY_LOAD);
  return { ...rendered, section: (name: string) => screen.getByRole("region", { name }) };
}

test("the dashboard header's Settings leads to the settings page", async () => {
  renderScreen(<DashboardHeader title="Advertiser Dashboard" />, { mocks: [always(MeDocument, { me: user() })] });

  expect(await screen.findByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
});

test.each<Role>(["ADVERTISER", "PUBLISHER", "ADMIN"])("a signed-in %s has a settings page with a section for each concern", async (role) => {
  const { section } = await openSettings(role);

  expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  expect(screen.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");
  const nav = screen.getByRole("navigation", { name: "Settings sections" });
  expect(within(nav).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["Profile", "#profile"],
    ["E-mail and notifications", "#email"],
    ["Security", "#security"],
    ["API keys", "#api-keys"],
    ["Webhooks", "#webhooks"],
  ]);
  for (const name of SECTIONS) expect(section(name)).toBeVisible();

  expect(within(section("Profile")).getByRole("form", { name: "Profile" })).toBeVisible();
  expect(within(section("E-mail and notifications")).getByRole("form", { name: "Change e-mail" })).toBeVisible();
  expect(await within(section("E-mail and notifications")).findByText("Now sam@example.com (verified).")).toBeVisible();
  expect(within(section("Security")).getByRole("form", { name: "Change password" })).toBeVisible();
  expect(await within(section("Security")).findByRole("button", { name: "Turn on two-factor sign-in" })).toBeVisible();
  expect(await within(section("API keys")).findByRole("form", { name: "New API key" })).toBeVisible();
  expect(within(section("Webhooks")).getByRole("form", { name: "New webhook endpoint" })).toBeVisible();

  // Only publishers are in sellers.json; admins get no e-mails to choose.
  if (role === "PUBLISHER") expect(await within(section("Profile")).findByRole("group", { name: "sellers.json" })).toBeVisible();
  else expect(within(section("Profile")).queryByRole("group", { name: "sellers.json" })).not.toBeInTheDocument();
  if (role === "ADMIN") expect(within(section("E-mail and notifications")).queryByRole("group", { name: "E-mail notifications" })).not.toBeInTheDocument();
  else expect(await within(section("E-mail and notifications")).findByRole("checkbox", { name: "A campaign of mine is approved" })).toBeChecked();
});

test("every live API key has its own Revoke button in its row; a revoked one says so", async () => {
  const keys = [key(), key({ id: 6, name: "Billing export", prefix: "adn_live_cd34", readOnly: false }), key({ id: 7, name: "Old script", prefix: "adn_live_ef56", revokedAt: "2025-04-02T09:00:00.000Z" })];
  const { section } = await openSettings("ADVERTISER", [], keys);

  const table = await within(section("API keys")).findByRole("table", { name: "Your API keys" });
  for (const name of ["Nightly sync", "Billing export"]) {
    const row = within(table).getByRole("row", { name: new RegExp(name) });
    expect(within(row).getByRole("button", { name: `Revoke ${name}` })).toBeVisible();
  }
  const revoked = within(table).getByRole("row", { name: /Old script/ });
  expect(within(revoked).getByText("revoked")).toBeVisible();
  expect(within(revoked).queryByRole("button")).not.toBeInTheDocument();
});

test("a new name is saved and greets the user at once", async () => {
  const saved = {
    request: { query: UpdateProfileDocument, variables: { input: { fullName: "Samantha Carter" } } },
    result: { data: { updateProfile: { ...user(), fullName: "Samantha Carter" } } },
  };
  const { section } = await openSettings("ADVERTISER", [saved]);

  const name = within(section("Profile")).getByLabelText(/Full name/);
  expect(name).toHaveValue("Sam Carter");
  await userEvent.clear(name);
  await userEvent.type(name, "Samantha Carter");
  await userEvent.click(within(section("Profile")).getByRole("button", { name: "Save Name" }));

  expect(await screen.findByText("Profile updated")).toBeVisible();
  expect(screen.getByText("Welcome back, Samantha Carter")).toBeInTheDocument();
  expect(localStorage.getItem("token")).toBe("old-token");
});

test("the new password must be at least 8 characters", async () => {
  const { section } = await openSettings();
  const security = section("Security");

  await userEvent.type(within(security).getByLabelText(/Current password/), "old-secret");
  await userEvent.type(within(security).getByLabelText(/New password/), "short");
  await userEvent.click(within(security).getByRole("button", { name: "Change Password" }));

  expect(within(security).getByText("New password must be at least 8 characters long")).toBeVisible();
});

test("a changed password keeps the user signed in with the new token", async () => {
  const changed = {
    request: { query: ChangePasswordDocument, variables: { input: { currentPassword: "old-secret", newPassword: "new-secret-1" } } },
    result: { data: { changePassword: { __typename: "AuthPayload" as const, accessToken: "new-token", user: user() } } },
  };
  const { section } = await openSettings("ADVERTISER", [changed]);
  const security = section("Security");

  await userEvent.type(within(security).getByLabelText(/Current password/), "old-secret");
  await userEvent.type(within(security).getByLabelText(/New password/), "new-secret-1");
  await userEvent.click(within(security).getByRole("button", { name: "Change Password" }));

  expect(await screen.findByText("Password changed")).toBeVisible();
  expect(localStorage.getItem("token")).toBe("new-token");
  expect(within(security).getByLabelText(/New password/)).toHaveValue("");
});

test("a wrong current password shows the server's message and keeps the old token", async () => {
  const refused = {
    request: { query: ChangePasswordDocument, variables: { input: { currentPassword: "wrong-one", newPassword: "new-secret-1" } } },
    result: { errors: [new GraphQLError("Current password is incorrect")] },
  };
  const { section } = await openSettings("ADVERTISER", [refused]);
  const security = section("Security");

  await userEvent.type(within(security).getByLabelText(/Current password/), "wrong-one");
  await userEvent.type(within(security).getByLabelText(/New password/), "new-secret-1");
  await userEvent.click(within(security).getByRole("button", { name: "Change Password" }));

  expect(await screen.findByText("Current password is incorrect")).toBeVisible();
  expect(localStorage.getItem("token")).toBe("old-token");
});
