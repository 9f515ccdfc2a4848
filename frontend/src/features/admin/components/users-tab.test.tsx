import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminUsersDocument, ApproveUserDocument, SendPasswordResetDocument, SendVerificationLinkDocument, SuspendUserDocument, type ManagedUserFieldsFragment } from "../../../gql/graphql";
import { firstPage, listMock } from "../../../test/admin-fixtures";
import { renderScreen } from "../../../test/render";
import { UsersTab } from "./users-tab";

const user = (over: Partial<ManagedUserFieldsFragment> = {}): ManagedUserFieldsFragment => ({
  __typename: "ManagedUser",
  id: 7,
  email: "pat@example.com",
  fullName: "Pat Publisher",
  role: "PUBLISHER",
  status: "ACTIVE",
  suspensionReason: null,
  emailVerified: true,
  identityVerified: false,
  twoFactorEnabled: false,
  lastLoginAt: "2025-04-02T09:00:00.000Z",
  createdAt: "2025-03-01T09:00:00.000Z",
  ...over,
});

const page = (over: { status?: string | null; role?: string | null } = {}, items: ManagedUserFieldsFragment[]) =>
  listMock(AdminUsersDocument, "users", { ...firstPage(), status: null, role: null, ...over }, items);

jest.setTimeout(15_000);

test("lists each account with its role, status, e-mail and identity checks, sign-up and last sign-in, linking to its page", async () => {
  renderScreen(<UsersTab />, { mocks: [page({}, [user(), user({ id: 8, fullName: "Ada Ads", email: "ada@example.com", role: "ADVERTISER", emailVerified: false, identityVerified: true, lastLoginAt: null })])] });

  const pat = await screen.findByRole("row", { name: /Pat Publisher/ });
  expect(within(pat).getByText("pat@example.com")).toBeVisible();
  expect(within(pat).getByText("Active")).toBeVisible();
  expect(within(pat).getByText("unverified")).toBeVisible();
  expect(within(pat).getByRole("cell", { name: "Yes" })).toBeVisible();
  expect(within(pat).getByText("Apr 2, 2025")).toBeVisible();
  expect(within(pat).getByRole("link", { name: "Pat Publisher" })).toHaveAttribute("href", "/admin/users/7");
  const ada = screen.getByRole("row", { name: /Ada Ads/ });
  expect(within(ada).getByText("verified")).toBeVisible();
  expect(within(ada).getByRole("cell", { name: "No" })).toBeVisible();
  expect(within(ada).getByText("Never")).toBeVisible();
});

test("filters by role and status", async () => {
  renderScreen(<UsersTab />, {
    mocks: [page({}, [user()]), page({ role: "ADVERTISER" }, []), page({ role: "ADVERTISER", status: "SUSPENDED" }, [user({ id: 9, fullName: "Sam Suspended", role: "ADVERTISER", status: "SUSPENDED" })])],
  });
  await screen.findByRole("row", { name: /Pat Publisher/ });
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role" }), "Advertisers");
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Suspended");
  const row = await screen.findByRole("row", { name: /Sam Suspended/ });
  expect(within(row).getByRole("button", { name: "Reactivate Sam Suspended" })).toBeVisible();
});

test("suspending asks for the reason the user is told, and sends it", async () => {
  const sent = jest.fn(() => ({ data: { suspendUser: user({ status: "SUSPENDED", suspensionReason: "Click fraud" }) } }));
  renderScreen(<UsersTab />, {
    mocks: [page({}, [user()]), { request: { query: SuspendUserDocument, variables: { id: 7, reason: "Click fraud" } }, result: sent }, page({}, [user({ status: "SUSPENDED", suspensionReason: "Click fraud" })])],
  });

  await userEvent.click(within(await screen.findByRole("row", { name: /Pat Publisher/ })).getByRole("button", { name: "Suspend Pat Publisher" }));
  const dialog = await screen.findByRole("dialog", { name: "Suspend Pat Publisher" });
  await userEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
  expect(await within(dialog).findByText("Reason is required")).toBeVisible();
  expect(sent).not.toHaveBeenCalled();

  await userEvent.type(within(dialog).getByRole("textbox"), "Click fraud");
  await userEvent.click(within(dialog).getByRole("button", { name: "Suspend" }));
  expect(await screen.findByText("Pat Publisher suspended")).toBeVisible();
  expect(sent).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
});

test("an account waiting for approval is approved from its row", async () => {
  const waiting = user({ status: "PENDING_APPROVAL" });
  renderScreen(<UsersTab />, {
    mocks: [page({}, [waiting]), { request: { query: ApproveUserDocument, variables: { id: 7 } }, result: { data: { approveUser: user() } } }, page({}, [user()])],
  });
  const row = await screen.findByRole("row", { name: /Pat Publisher/ });
  expect(within(row).getByText("Waiting for approval")).toBeVisible();
  await userEvent.click(within(row).getByRole("button", { name: "Approve Pat Publisher" }));
  expect(await screen.findByText("Pat Publisher approved")).toBeVisible();
});

test("an unverified user can be sent a new verification link, and anyone active a password reset; a verified one is offered no link", async () => {
  const unverified = user({ emailVerified: false });
  renderScreen(<UsersTab />, {
    mocks: [
      page({}, [unverified, user({ id: 8, fullName: "Ada Ads", email: "ada@example.com" })]),
      { request: { query: SendVerificationLinkDocument, variables: { id: 7 } }, result: { data: { sendVerificationLink: { __typename: "ManagedUser", id: 7 } } } },
      { request: { query: SendPasswordResetDocument, variables: { id: 7 } }, result: { data: { sendPasswordReset: { __typename: "ManagedUser", id: 7 } } } },
    ],
  });
  const row = await screen.findByRole("row", { name: /Pat Publisher/ });
  expect(within(screen.getByRole("row", { name: /Ada Ads/ })).queryByRole("button", { name: /verification link/ })).not.toBeInTheDocument();

  await userEvent.click(within(row).getByRole("button", { name: "Send Pat Publisher a new verification link" }));
  expect(await screen.findByText("Verification link sent to pat@example.com")).toBeVisible();
  await userEvent.click(within(row).getByRole("button", { name: "Send Pat Publisher a password reset link" }));
  expect(await screen.findByText("Password reset link sent to pat@example.com")).toBeVisible();
});
