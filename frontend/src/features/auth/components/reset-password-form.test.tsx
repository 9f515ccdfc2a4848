import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { ResetPasswordDocument } from "../../../gql/graphql";
import { LAZY_LOAD, findAuthDialog, renderApp } from "../../../test/render";

const TOKEN = "k".repeat(43);
const resetWith = (newPassword: string) => ({ query: ResetPasswordDocument, variables: { input: { token: TOKEN, newPassword } } });

async function openResetPage(mocks: NonNullable<Parameters<typeof renderApp>[0]>["mocks"] = []) {
  renderApp({ path: `/reset-password?token=${TOKEN}`, mocks });
  expect(await screen.findByRole("heading", { name: "Choose a new password" }, LAZY_LOAD)).toBeVisible();
  return screen.findByRole("form", { name: "Reset password" }, LAZY_LOAD);
}

async function fill(form: HTMLElement, password: string, confirm = password) {
  await userEvent.type(within(form).getByLabelText(/New password/), password);
  await userEvent.type(within(form).getByLabelText(/Confirm password/), confirm);
  await userEvent.click(within(form).getByRole("button", { name: "Set New Password" }));
}

beforeEach(() => localStorage.clear());

test("sets the new password from the link's token, then offers to sign in", async () => {
  const form = await openResetPage([{ request: resetWith("a-brand-new-lantern"), result: { data: { resetPassword: true } } }]);
  await fill(form, "a-brand-new-lantern");

  expect(await screen.findByText("Your password is changed. Sign in with your new password.")).toBeVisible();
  await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
  expect(await findAuthDialog()).toBeVisible();
});

test("checks length and that both passwords match before sending", async () => {
  const form = await openResetPage();
  await fill(form, "short", "short");
  expect(within(form).getByText("New password must be at least 8 characters long")).toBeVisible();

  await userEvent.clear(within(form).getByLabelText(/New password/));
  await userEvent.clear(within(form).getByLabelText(/Confirm password/));
  await fill(form, "a-brand-new-lantern", "a-brand-new-lanterns");
  expect(within(form).getByText("The two passwords differ")).toBeVisible();
});

test("shows the password policy's refusal under the field, and a dead link above the form", async () => {
  const weak = "This password is one of the most commonly used, so it is among the first guessed: choose another";
  const used = "This link has already been used: each link works once";
  const form = await openResetPage([
    { request: resetWith("password123"), result: { errors: [new GraphQLError(weak, { extensions: { code: "BAD_USER_INPUT", field: "newPassword" } })] } },
    { request: resetWith("a-brand-new-lantern"), result: { errors: [new GraphQLError(used, { extensions: { code: "BAD_USER_INPUT", field: "token" } })] } },
  ]);

  await fill(form, "password123");
  expect(await within(form).findByText(weak, { selector: "div, span, p" })).toBeVisible();

  await userEvent.clear(within(form).getByLabelText(/New password/));
  await userEvent.clear(within(form).getByLabelText(/Confirm password/));
  await fill(form, "a-brand-new-lantern");
  expect(await within(form).findByRole("alert")).toHaveTextContent(used);
});

test("a link without a token says so", async () => {
  renderApp({ path: "/reset-password" });
  expect(await screen.findByText(/This link has no token/, undefined, LAZY_LOAD)).toBeVisible();
  expect(screen.queryByRole("form", { name: "Reset password" })).not.toBeInTheDocument();
});
