import { screen } from "@testing-library/react";
import { MeDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { DashboardHeader } from "./dashboard-header";

const meWith = (previousSignInAt: string | null) => ({
  request: { query: MeDocument },
  result: { data: { me: { __typename: "User" as const, id: 1, email: "nia@example.com", fullName: "Nia New", role: "ADVERTISER" as const, previousSignInAt } } },
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

test("a new account's first visit is greeted Welcome, not Welcome back", async () => {
  renderScreen(<DashboardHeader title="Advertiser Dashboard" />, { mocks: [meWith(null)] });

  expect(await screen.findByText("Welcome, Nia New")).toBeVisible();
  expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
});

test("an account that signed in before is greeted Welcome back", async () => {
  renderScreen(<DashboardHeader title="Advertiser Dashboard" />, { mocks: [meWith("2026-11-30T08:00:00.000Z")] });

  expect(await screen.findByText("Welcome back, Nia New")).toBeVisible();
});
