import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { SESSION_ENDED_NOTICE } from "../app/route-guards";
import { dashboard, me } from "../features/advertiser/test/advertiser-mocks";
import { AdvertiserDashboardDocument, LoginDocument, LogoutDocument } from "../gql/graphql";
import { findAuthDialog, LAZY_LOAD, renderApp } from "../test/render";

// Signing in and out moves between lazily loaded screens.
jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "saved-token");
});

async function logOut() {
  await userEvent.click(await screen.findByRole("button", { name: "Logout" }, LAZY_LOAD));
  expect(await screen.findByText("Logged out successfully", {}, LAZY_LOAD)).toBeVisible();
}

test("logging out ends the session on the server, then here, and says so", async () => {
  const serverLogout = jest.fn(() => ({ data: { logout: true } }));
  const { router } = renderApp({ path: "/advertiser", mocks: [me, dashboard(), { request: { query: LogoutDocument }, result: serverLogout }] });

  await logOut();

  expect(serverLogout).toHaveBeenCalledTimes(1);
  expect(localStorage.getItem("token")).toBeNull();
  expect(router.state.location.pathname).toBe("/");
  expect(await screen.findByRole("heading", { name: /The Ad Network That Grows With You/ }, LAZY_LOAD)).toBeVisible();
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

test("logging out while the server cannot be reached still signs out here and says so", async () => {
  const { router } = renderApp({ path: "/advertiser", mocks: [me, dashboard(), { request: { query: LogoutDocument }, error: new Error("offline") }] });

  await logOut();

  expect(localStorage.getItem("token")).toBeNull();
  expect(router.state.location.pathname).toBe("/");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});

test("a call refused as UNAUTHENTICATED ends the session, asks to sign in again and returns to the same page after", async () => {
  const refused = { request: { query: AdvertiserDashboardDocument }, result: { errors: [new GraphQLError("Not authenticated", { extensions: { code: "UNAUTHENTICATED" } })] } };
  const login = {
    request: { query: LoginDocument, variables: { input: { email: "ann@example.com", password: "secret-pass" } } },
    result: { data: { login: { __typename: "AuthPayload" as const, accessToken: "fresh-token", user: me.result.data.me } } },
  };
  const { router } = renderApp({ path: "/advertiser?tab=creatives", mocks: [me, refused, login, dashboard()] });

  const dialog = await findAuthDialog();
  expect(within(dialog).getByText(SESSION_ENDED_NOTICE)).toBeVisible();
  expect(within(dialog).getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  expect(localStorage.getItem("token")).toBeNull();
  expect(router.state.location.pathname).toBe("/");

  const form = within(dialog).getByRole("form", { name: "Login" });
  await userEvent.type(within(form).getByLabelText(/Email/), "ann@example.com");
  await userEvent.type(within(form).getByLabelText(/Password/), "secret-pass");
  await userEvent.click(within(form).getByRole("button", { name: "Login" }));

  expect(await screen.findByRole("heading", { name: "Advertiser Dashboard" }, LAZY_LOAD)).toBeVisible();
  await waitFor(() => expect(router.state.location).toMatchObject({ pathname: "/advertiser", search: "?tab=creatives" }));
  expect(localStorage.getItem("token")).toBe("fresh-token");
});
