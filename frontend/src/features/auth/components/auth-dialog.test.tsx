import { Button } from "@chakra-ui/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { LoginDocument, RegisterDocument } from "../../../gql/graphql";
import { findAuthDialog, LAZY_LOAD, renderApp, renderScreen } from "../../../test/render";
import { useAuthDialog } from "../auth-dialog-provider";
import { REGISTERED } from "./register-form";

function Openers() {
  const { openLogin, openRegister } = useAuthDialog();
  return (
    <>
      <Button onClick={openLogin}>Open login</Button>
      <Button onClick={openRegister}>Open register</Button>
    </>
  );
}

const registerInput = { fullName: "Ada Lovelace", email: "ada@example.com", password: "secret-pass", role: "ADVERTISER", acceptTerms: true };

// The dialog and the screens behind it load lazily, slowly on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => localStorage.clear());

async function openDialog(which: "Open login" | "Open register") {
  await userEvent.click(screen.getByRole("button", { name: which }));
  return screen.findByRole("dialog", {}, LAZY_LOAD);
}

test("login refuses empty fields and says which ones", async () => {
  renderScreen(<Openers />);
  const dialog = await openDialog("Open login");

  await userEvent.click(within(dialog).getByRole("button", { name: "Login" }));

  expect(within(dialog).getByText("Email is required")).toBeVisible();
  expect(within(dialog).getByText("Password is required")).toBeVisible();
});

test("register checks the email format and password length before sending", async () => {
  renderScreen(<Openers />);
  const dialog = await openDialog("Open register");
  const form = await within(dialog).findByRole("form", { name: "Register" });

  await userEvent.type(within(form).getByLabelText(/Email/), "not-an-email");
  await userEvent.type(within(form).getByLabelText(/Password/), "short");
  await userEvent.click(within(form).getByRole("button", { name: "Create Account" }));

  expect(within(form).getByText("Full name is required")).toBeVisible();
  expect(within(form).getByText("Enter an email address such as name@example.com")).toBeVisible();
  expect(within(form).getByText("Password must be at least 8 characters long")).toBeVisible();
});

const registered = (status: "ACTIVE" | "PENDING_APPROVAL") => ({
  request: { query: RegisterDocument, variables: { input: registerInput } },
  result: {
    data: {
      register: {
        __typename: "AuthPayload" as const,
        accessToken: "new-token",
        user: { __typename: "User" as const, id: 7, email: registerInput.email, fullName: registerInput.fullName, role: "ADVERTISER" as const, status, twoFactorEnabled: false, mustEnrolTwoFactor: false },
      },
    },
  },
});

const TERMS = /I accept the Terms of Service/;

/** Fills the form as Ada would, ticking the terms unless told not to, and submits it. */
async function registerThrough(dialog: HTMLElement, { password = registerInput.password, acceptTerms = true } = {}) {
  const form = await within(dialog).findByRole("form", { name: "Register" });
  await userEvent.type(within(form).getByLabelText(/Full name/), registerInput.fullName);
  await userEvent.type(within(form).getByLabelText(/Email/), registerInput.email);
  await userEvent.type(within(form).getByLabelText(/Password/), password);
  await userEvent.selectOptions(within(form).getByLabelText(/I am a/), "ADVERTISER");
  if (acceptTerms) await userEvent.click(within(form).getByRole("checkbox", { name: TERMS }));
  await userEvent.click(within(form).getByRole("button", { name: "Create Account" }));
  return form;
}

test("a successful registration signs the new user in and opens the dashboard, with no password to type again", async () => {
  renderScreen(<Openers />, { mocks: [registered("ACTIVE")] });
  await registerThrough(await openDialog("Open register"));

  expect(await screen.findByText(REGISTERED)).toBeVisible();
  expect(await screen.findByText("Dashboard route")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(localStorage.getItem("token")).toBe("new-token");
});

test("with accounts approved by hand, the new user lands on the waiting screen", async () => {
  renderApp({ mocks: [registered("PENDING_APPROVAL")] });
  await userEvent.click(await screen.findByRole("button", { name: "Start Your Campaign" }, LAZY_LOAD));
  await registerThrough(await findAuthDialog());

  expect(await screen.findByRole("heading", { name: "Your account is waiting for approval" }, LAZY_LOAD)).toBeVisible();
  expect(screen.getByText(/Thanks for signing up, Ada Lovelace/)).toBeVisible();
});

test("registering asks to accept the Terms and the Privacy Policy, linked in their served versions, before sending", async () => {
  renderScreen(<Openers />);
  const form = await registerThrough(await openDialog("Open register"), { acceptTerms: false });

  expect(within(form).getByText("Accept the Terms of Service and the Privacy Policy to create an account")).toBeVisible();
  expect(within(form).getByRole("checkbox", { name: TERMS })).not.toBeChecked();
  expect(within(form).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
  expect(within(form).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  expect(within(form).getByText(/\(version 2024-12\) and the/)).toBeVisible();
  expect(localStorage.getItem("token")).toBeNull();
});

test("a failed registration shows the server's message", async () => {
  const mocks = [{ request: { query: RegisterDocument, variables: { input: registerInput } }, result: { errors: [new GraphQLError("Email is already registered")] } }];
  renderScreen(<Openers />, { mocks });
  const dialog = await openDialog("Open register");
  await registerThrough(dialog);

  expect(await screen.findByText("Email is already registered")).toBeVisible();
  expect(within(dialog).getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
});

test("a password the server refuses is explained under the Password field", async () => {
  const why = "This password is one of the most commonly used, so it is among the first guessed: choose another";
  const mocks = [
    {
      request: { query: RegisterDocument, variables: { input: { ...registerInput, password: "password" } } },
      result: { errors: [new GraphQLError(why, { extensions: { code: "BAD_USER_INPUT", field: "password" } })] },
    },
  ];
  renderScreen(<Openers />, { mocks });
  const form = await registerThrough(await openDialog("Open register"), { password: "password" });

  const password = within(form).getByLabelText(/Password/);
  await waitFor(() => expect(password).toHaveAccessibleErrorMessage(why));
  expect(password).toBeInvalid();
  expect(within(form).getByLabelText(/Email/)).not.toBeInvalid();
});

test("a successful login welcomes the user, stores the token and opens the dashboard", async () => {
  const mocks = [
    {
      request: { query: LoginDocument, variables: { input: { email: "ada@example.com", password: "secret-pass" } } },
      result: {
        data: {
          login: {
            __typename: "AuthPayload" as const,
            accessToken: "token-123",
            user: { __typename: "User" as const, id: 7, email: "ada@example.com", fullName: "Ada Lovelace", role: "PUBLISHER" as const },
          },
        },
      },
    },
  ];
  renderScreen(<Openers />, { mocks });
  const dialog = await openDialog("Open login");
  const form = within(dialog).getByRole("form", { name: "Login" });

  await userEvent.type(within(form).getByLabelText(/Email/), "ada@example.com");
  await userEvent.type(within(form).getByLabelText(/Password/), "secret-pass");
  await userEvent.click(within(form).getByRole("button", { name: "Login" }));

  expect(await screen.findByText("Welcome back!")).toBeVisible();
  expect(await screen.findByText("Dashboard route")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(localStorage.getItem("token")).toBe("token-123");
});

test("a failed login shows the server's message", async () => {
  const mocks = [
    {
      request: { query: LoginDocument, variables: { input: { email: "ada@example.com", password: "wrong-pass" } } },
      result: { errors: [new GraphQLError("Invalid email or password")] },
    },
  ];
  renderScreen(<Openers />, { mocks });
  const dialog = await openDialog("Open login");
  const form = within(dialog).getByRole("form", { name: "Login" });

  await userEvent.type(within(form).getByLabelText(/Email/), "ada@example.com");
  await userEvent.type(within(form).getByLabelText(/Password/), "wrong-pass");
  await userEvent.click(within(form).getByRole("button", { name: "Login" }));

  expect(await screen.findByText("Invalid email or password")).toBeVisible();
  expect(localStorage.getItem("token")).toBeNull();
});
