import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { MeDocument, type Role } from "../gql/graphql";
import { renderApp } from "../test/render";

const meAs = (role: Role) => ({
  request: { query: MeDocument },
  result: {
    data: { me: { __typename: "User" as const, id: 1, email: "sam@example.com", fullName: "Sam Carter", role } },
  },
});

beforeEach(() => localStorage.clear());

test("a publisher reaches the publisher dashboard", async () => {
  localStorage.setItem("token", "publisher-token");
  renderApp({ path: "/publisher", mocks: [meAs("PUBLISHER")] });

  expect(await screen.findByRole("heading", { name: "Publisher Dashboard" })).toBeVisible();
  expect(screen.getByText("Welcome back, Sam Carter")).toBeVisible();
});

test("an advertiser asking for the publisher dashboard is sent on to their own", async () => {
  localStorage.setItem("token", "advertiser-token");
  const { router } = renderApp({ path: "/publisher", mocks: [meAs("ADVERTISER")] });

  expect(await screen.findByRole("heading", { name: "Advertiser Dashboard" })).toBeVisible();
  expect(screen.queryByRole("heading", { name: "Publisher Dashboard" })).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/advertiser");
});

test("a visitor who is not signed in is sent from the admin dashboard to the home page", async () => {
  const { router } = renderApp({ path: "/admin" });

  expect(await screen.findByRole("heading", { name: /The Ad Network That Grows With You/ })).toBeVisible();
  expect(screen.queryByRole("heading", { name: "Admin Dashboard" })).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe("/");
});

test("a rejected token is dropped silently and the visitor stays signed out", async () => {
  localStorage.setItem("token", "expired-token");
  renderApp({ path: "/publisher", mocks: [{ request: { query: MeDocument }, result: { errors: [new GraphQLError("Unauthorized")] } }] });

  expect(await screen.findByRole("heading", { name: /The Ad Network That Grows With You/ })).toBeVisible();
  expect(screen.queryByText("Unauthorized")).not.toBeInTheDocument();
  expect(localStorage.getItem("token")).toBeNull();
});

test("logging out clears the session and says so", async () => {
  localStorage.setItem("token", "admin-token");
  const { router } = renderApp({ path: "/admin", mocks: [meAs("ADMIN")] });

  await userEvent.click(await screen.findByRole("button", { name: "Logout" }));

  expect(await screen.findByText("Logged out successfully")).toBeVisible();
  expect(await screen.findByRole("heading", { name: /The Ad Network That Grows With You/ })).toBeVisible();
  expect(router.state.location.pathname).toBe("/");
  expect(localStorage.getItem("token")).toBeNull();
});
