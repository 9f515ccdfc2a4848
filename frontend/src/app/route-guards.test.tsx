import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { LoginDocument, MeDocument, type Role } from "../gql/graphql";
import { findAuthDialog, LAZY_LOAD, renderApp } from "../test/render";
import { SESSION_ENDED_NOTICE } from "./route-guards";

const user = (role: Role) => ({ __typename: "User" as const, id: 1, email: "sam@example.com", fullName: "Sam Carter", role });

const meAs = (role: Role) => ({ request: { query: MeDocument }, result: { data: { me: user(role) } } });

const loginAs = (role: Role) => ({
  request: { query: LoginDocument, variables: { input: { email: "sam@example.com", password: "secret-pass" } } },
  result: { data: { login: { __typename: "AuthPayload" as const, accessToken: "fresh-token", user: user(role) } } },
});

/** The landing page stays underneath, hidden from assistive technology while the dialog is open. */
const findLandingHeading = () => screen.findByRole("heading", { name: /The Ad Network That Grows With You/, hidden: true }, LAZY_LOAD);

async function signInThroughDialog() {
  const dialog = await findAuthDialog();
  const form = within(dialog).getByRole("form", { name: "Login" });
  await userEvent.type(within(form).getByLabelText(/Email/), "sam@example.com");
  await userEvent.type(within(form).getByLabelText(/Password/), "secret-pass");
  await userEvent.click(within(form).getByRole("button", { name: "Login" }));
}

// Signing in and out moves between lazily loaded screens.
jest.setTimeout(15_000);

beforeEach(() => localStorage.clear());

test("a publisher reaches the publisher dashboard", async () => {
  localStorage.setItem("token", "publisher-token");
  renderApp({ path: "/publisher", mocks: [meAs("PUBLISHER")] });

  expect(await screen.findByRole("heading", { name: "Publisher Dashboard" }, LAZY_LOAD)).toBeVisible();
  expect(screen.getByText("Welcome back, Sam Carter")).toBeVisible();
});

test("an advertiser asking for the publisher dashboard is sent on to their own", async () => {
  localStorage.setItem("token", "advertiser-token");
  const { router } = renderApp({ path: "/publisher", mocks: [meAs("ADVERTISER")] });

  expect(await screen.findByRole("heading", { name: "Advertiser Dashboard" }, LAZY_LOAD)).toBeVisible();
  expect(screen.queryByRole("heading", { name: "Publisher Dashboard" })).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/advertiser");
});

test("a visitor who is not signed in is sent from the admin dashboard to the home page, with the login dialog open", async () => {
  const { router } = renderApp({ path: "/admin" });

  const dialog = await findAuthDialog();
  expect(within(dialog).getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  expect(within(dialog).queryByText(SESSION_ENDED_NOTICE)).not.toBeInTheDocument();
  expect(await findLandingHeading()).toBeVisible();
  expect(screen.queryByRole("heading", { name: "Admin Dashboard", hidden: true })).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/");
});

test("a visitor opening the advertiser dashboard signed out lands there after signing in as an advertiser", async () => {
  const { router } = renderApp({ path: "/advertiser", mocks: [loginAs("ADVERTISER")] });

  await signInThroughDialog();

  expect(await screen.findByRole("heading", { name: "Advertiser Dashboard" }, LAZY_LOAD)).toBeVisible();
  expect(router.state.location.pathname).toBe("/advertiser");
});

test("a visitor asked to sign in on the way to the admin dashboard still goes to their own as a publisher", async () => {
  const { router } = renderApp({ path: "/admin", mocks: [loginAs("PUBLISHER")] });

  await signInThroughDialog();

  expect(await screen.findByRole("heading", { name: "Publisher Dashboard" }, LAZY_LOAD)).toBeVisible();
  expect(router.state.location.pathname).toBe("/publisher");
});

test("a visitor opening Settings signed out lands there after signing in, whatever their role", async () => {
  const { router } = renderApp({ path: "/settings", mocks: [loginAs("PUBLISHER")] });

  await signInThroughDialog();

  expect(await screen.findByRole("heading", { level: 1, name: "Settings" }, LAZY_LOAD)).toBeVisible();
  expect(router.state.location.pathname).toBe("/settings");
});

test("a rejected token is dropped silently and the visitor stays signed out", async () => {
  localStorage.setItem("token", "expired-token");
  renderApp({ path: "/publisher", mocks: [{ request: { query: MeDocument }, result: { errors: [new GraphQLError("Unauthorized")] } }] });

  const dialog = await findAuthDialog();
  expect(await findLandingHeading()).toBeVisible();
  expect(within(dialog).queryByText(SESSION_ENDED_NOTICE)).not.toBeInTheDocument();
  expect(screen.queryByText("Unauthorized")).not.toBeInTheDocument();
  expect(localStorage.getItem("token")).toBeNull();
});

test("logging out clears the session and says so", async () => {
  localStorage.setItem("token", "admin-token");
  const { router } = renderApp({ path: "/admin", mocks: [meAs("ADMIN")] });

  await userEvent.click(await screen.findByRole("button", { name: "Logout" }, LAZY_LOAD));

  expect(await screen.findByText("Logged out successfully", {}, LAZY_LOAD)).toBeVisible();
  expect(await screen.findByRole("heading", { name: /The Ad Network That Grows With You/ }, LAZY_LOAD)).toBeVisible();
  expect(router.state.location.pathname).toBe("/");
  expect(localStorage.getItem("token")).toBeNull();
});

const limitedMe = (role: Role, over: { status?: "PENDING_APPROVAL"; mustEnrolTwoFactor?: boolean }) => ({
  request: { query: MeDocument },
  result: { data: { me: { ...user(role), status: "ACTIVE" as const, twoFactorEnabled: false, mustEnrolTwoFactor: false, ...over } } },
});

test("an account waiting for approval sees a waiting screen instead of its dashboard", async () => {
  localStorage.setItem("token", "pending-token");
  renderApp({ path: "/publisher", mocks: [limitedMe("PUBLISHER", { status: "PENDING_APPROVAL" })] });

  expect(await screen.findByRole("heading", { name: "Your account is waiting for approval" }, LAZY_LOAD)).toBeVisible();
  expect(screen.queryByRole("heading", { name: "Publisher Dashboard" })).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Log out" })).toBeVisible();
});

test("an admin who must use two-factor sign-in is taken to its set-up before the dashboard", async () => {
  localStorage.setItem("token", "enrol-token");
  renderApp({ path: "/admin/users", mocks: [limitedMe("ADMIN", { mustEnrolTwoFactor: true })] });

  expect(await screen.findByRole("heading", { name: "Set up two-factor sign-in" }, LAZY_LOAD)).toBeVisible();
  expect(screen.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
  expect(screen.queryByRole("heading", { name: "Admin Dashboard" })).not.toBeInTheDocument();
});
