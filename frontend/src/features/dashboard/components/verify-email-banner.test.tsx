import { screen, within } from "@testing-library/react";
import { MeDocument, MyEmailStatusDocument, type Role } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { VerifyEmailBanner } from "./verify-email-banner";

/** The signed-in user of a role, and the server's words for what that role waits on. */
const unverified = (role: Role, untilVerified: string) => [
  { request: { query: MeDocument }, result: { data: { me: { __typename: "User" as const, id: 1, email: "new@example.com", fullName: "New User", role } } } },
  {
    request: { query: MyEmailStatusDocument },
    result: { data: { myEmailStatus: { __typename: "EmailStatus" as const, email: "new@example.com", verified: false, pendingEmail: null, untilVerified } } },
  },
];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "some-token");
});

test("an unverified advertiser reads what they cannot do yet: campaigns, not sites or payouts", async () => {
  renderScreen(<VerifyEmailBanner />, { mocks: unverified("ADVERTISER", "create or copy campaigns") });

  const banner = await screen.findByLabelText("Verify your e-mail address");
  expect(within(banner).getByText("We sent a link to new@example.com. Until you open it, you cannot create or copy campaigns.")).toBeVisible();
  expect(banner).not.toHaveTextContent(/sites|payout/);
});

test("an unverified publisher reads that sites and payout requests wait", async () => {
  renderScreen(<VerifyEmailBanner />, { mocks: unverified("PUBLISHER", "submit sites or payout requests") });

  const banner = await screen.findByLabelText("Verify your e-mail address");
  expect(within(banner).getByText(/Until you open it, you cannot submit sites or payout requests\./)).toBeVisible();
  expect(banner).not.toHaveTextContent(/campaigns/);
});
