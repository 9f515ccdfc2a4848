import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { DashboardHeader } from "../../dashboard/components/dashboard-header";
import { ChangePasswordDocument, MeDocument, UpdateProfileDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { findFormDialog } from "../../../test/dialogs";

const user = { __typename: "User" as const, id: 4, email: "sam@example.com", fullName: "Sam Carter", role: "ADVERTISER" as const };
const me = { request: { query: MeDocument }, result: { data: { me: user } } };

jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "old-token");
});

async function openSettings() {
  await userEvent.click(await screen.findByRole("button", { name: "Settings" }));
  return findFormDialog("Settings");
}

test("a new name is saved and greets the user at once", async () => {
  const mocks = [
    me,
    {
      request: { query: UpdateProfileDocument, variables: { input: { fullName: "Samantha Carter" } } },
      result: { data: { updateProfile: { ...user, fullName: "Samantha Carter" } } },
    },
  ];
  renderScreen(<DashboardHeader title="Advertiser Dashboard" />, { mocks });
  const dialog = await openSettings();

  const name = within(dialog).getByLabelText(/Full name/);
  expect(name).toHaveValue("Sam Carter");
  await userEvent.clear(name);
  await userEvent.type(name, "Samantha Carter");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Name" }));

  expect(await screen.findByText("Profile updated")).toBeVisible();
  expect(screen.getByText("Welcome back, Samantha Carter")).toBeInTheDocument();
  expect(localStorage.getItem("token")).toBe("old-token");
});

test("the new password must be at least 8 characters", async () => {
  renderScreen(<DashboardHeader title="Advertiser Dashboard" />, { mocks: [me] });
  const dialog = await openSettings();

  await userEvent.type(within(dialog).getByLabelText(/Current password/), "old-secret");
  await userEvent.type(within(dialog).getByLabelText(/New password/), "short");
  await userEvent.click(within(dialog).getByRole("button", { name: "Change Password" }));

  expect(within(dialog).getByText("New password must be at least 8 characters long")).toBeVisible();
});

test("a changed password keeps the user signed in with the new token", async () => {
  const mocks = [
    me,
    {
      request: { query: ChangePasswordDocument, variables: { input: { currentPassword: "old-secret", newPassword: "new-secret-1" } } },
      result: { data: { changePassword: { __typename: "AuthPayload" as const, accessToken: "new-token", user } } },
    },
  ];
  renderScreen(<DashboardHeader title="Advertiser Dashboard" />, { mocks });
  const dialog = await openSettings();

  await userEvent.type(within(dialog).getByLabelText(/Current password/), "old-secret");
  await userEvent.type(within(dialog).getByLabelText(/New password/), "new-secret-1");
  await userEvent.click(within(dialog).getByRole("button", { name: "Change Password" }));

  expect(await screen.findByText("Password changed")).toBeVisible();
  expect(localStorage.getItem("token")).toBe("new-token");
  expect(within(dialog).getByLabelText(/New password/)).toHaveValue("");
});

test("a wrong current password shows the server's message and keeps the old token", async () => {
  const mocks = [
    me,
    {
      request: { query: ChangePasswordDocument, variables: { input: { currentPassword: "wrong-one", newPassword: "new-secret-1" } } },
      result: { errors: [new GraphQLError("Current password is incorrect")] },
    },
  ];
  renderScreen(<DashboardHeader title="Advertiser Dashboard" />, { mocks });
  const dialog = await openSettings();

  await userEvent.type(within(dialog).getByLabelText(/Current password/), "wrong-one");
  await userEvent.type(within(dialog).getByLabelText(/New password/), "new-secret-1");
  await userEvent.click(within(dialog).getByRole("button", { name: "Change Password" }));

  expect(await screen.findByText("Current password is incorrect")).toBeVisible();
  expect(localStorage.getItem("token")).toBe("old-token");
});
