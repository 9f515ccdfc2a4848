import { Button } from "@chakra-ui/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { ForgotPasswordDocument } from "../../../gql/graphql";
import { findAuthDialog, renderScreen } from "../../../test/render";
import { useAuthDialog } from "../auth-dialog-provider";

function Opener() {
  const { openLogin } = useAuthDialog();
  return <Button onClick={openLogin}>Open login</Button>;
}

async function openForgotForm() {
  await userEvent.click(screen.getByRole("button", { name: "Open login" }));
  const dialog = await findAuthDialog();
  await userEvent.click(within(dialog).getByRole("button", { name: "Forgot password?" }));
  return { dialog, form: within(dialog).getByRole("form", { name: "Forgot password" }) };
}

beforeEach(() => localStorage.clear());

test("Forgot password? in the login tab sends a link and says so without telling whether the account exists", async () => {
  const mocks = [{ request: { query: ForgotPasswordDocument, variables: { email: "ada@example.com" } }, result: { data: { forgotPassword: true } } }];
  renderScreen(<Opener />, { mocks });
  const { dialog, form } = await openForgotForm();

  await userEvent.type(within(form).getByLabelText(/Email/), " ada@example.com ");
  await userEvent.click(within(form).getByRole("button", { name: "Send Reset Link" }));

  expect(await within(dialog).findByText(/If an account uses ada@example.com, we sent it a link to choose a new password/)).toBeVisible();
  await userEvent.click(within(dialog).getByRole("button", { name: "Back to login" }));
  expect(within(dialog).getByRole("form", { name: "Login" })).toBeVisible();
});

test("checks the address before sending anything", async () => {
  renderScreen(<Opener />);
  const { form } = await openForgotForm();

  await userEvent.click(within(form).getByRole("button", { name: "Send Reset Link" }));
  expect(within(form).getByText("Email is required")).toBeVisible();
  await userEvent.type(within(form).getByLabelText(/Email/), "not-an-address");
  await userEvent.click(within(form).getByRole("button", { name: "Send Reset Link" }));
  expect(within(form).getByText("Enter an email address such as name@example.com")).toBeVisible();
});

test("says when too many links were asked for, and stays on the form", async () => {
  const why = "Too many password resets asked for from your address. Try again in 42 minutes.";
  const mocks = [
    {
      request: { query: ForgotPasswordDocument, variables: { email: "ada@example.com" } },
      result: { errors: [new GraphQLError(why, { extensions: { code: "RATE_LIMITED" } })] },
    },
  ];
  renderScreen(<Opener />, { mocks });
  const { form } = await openForgotForm();

  await userEvent.type(within(form).getByLabelText(/Email/), "ada@example.com");
  await userEvent.click(within(form).getByRole("button", { name: "Send Reset Link" }));

  expect(await screen.findByText(why)).toBeVisible();
  expect(within(form).getByRole("button", { name: "Send Reset Link" })).toBeVisible();
});
