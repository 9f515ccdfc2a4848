import { Button } from "@chakra-ui/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { CompleteTwoFactorSignInDocument, LoginDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { useAuthDialog } from "../auth-dialog-provider";

function Opener() {
  const { openLogin } = useAuthDialog();
  return <Button onClick={openLogin}>Open login</Button>;
}

const user = { __typename: "User" as const, id: 3, email: "ann@example.com", fullName: "Ann Admin", role: "ADMIN" as const, status: "ACTIVE" as const, twoFactorEnabled: true, mustEnrolTwoFactor: false };
const login = {
  request: { query: LoginDocument, variables: { input: { email: "ann@example.com", password: "long-enough-pw" } } },
  result: { data: { login: { __typename: "AuthPayload" as const, accessToken: null, step: "TWO_FACTOR_CODE" as const, challengeToken: "challenge-1", user } } },
};
const complete = (code: string) => ({ request: { query: CompleteTwoFactorSignInDocument, variables: { input: { challengeToken: "challenge-1", code } } } });

jest.setTimeout(15_000);

test("with two-factor on, the password is followed by a code step; a wrong code is named on the field, the right one signs in", async () => {
  localStorage.clear();
  renderScreen(<Opener />, {
    mocks: [
      login,
      { ...complete("111111"), result: { errors: [new GraphQLError("That code is not valid", { extensions: { code: "BAD_USER_INPUT", field: "code" } })] } },
      { ...complete("654321"), result: { data: { completeTwoFactorSignIn: { __typename: "AuthPayload" as const, accessToken: "full-token", step: "DONE" as const, user } } } },
    ],
  });
  await userEvent.click(screen.getByRole("button", { name: "Open login" }));
  const dialog = await screen.findByRole("dialog", { name: "Welcome to AdNet" });
  const form = await within(dialog).findByRole("form", { name: "Login" });
  await userEvent.type(within(form).getByLabelText(/Email/), "ann@example.com");
  await userEvent.type(within(form).getByLabelText(/Password/), "long-enough-pw");
  await userEvent.click(within(form).getByRole("button", { name: "Login" }));

  const codeForm = await within(dialog).findByRole("form", { name: "Two-factor code" });
  expect(localStorage.getItem("token")).toBeNull();
  await userEvent.type(within(codeForm).getByLabelText(/Code/), "111111");
  await userEvent.click(within(codeForm).getByRole("button", { name: "Verify" }));
  expect(await within(codeForm).findByText("That code is not valid")).toBeVisible();

  await userEvent.clear(within(codeForm).getByLabelText(/Code/));
  await userEvent.type(within(codeForm).getByLabelText(/Code/), "654321");
  await userEvent.click(within(codeForm).getByRole("button", { name: "Verify" }));
  expect(await screen.findByText("Welcome back!")).toBeVisible();
  expect(localStorage.getItem("token")).toBe("full-token");
});
