import { Button } from "@chakra-ui/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { LoginDocument, RegisterDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { useAuthDialog } from "../auth-dialog-provider";

function Openers() {
  const { openLogin, openRegister } = useAuthDialog();
  return (
    <>
      <Button onClick={openLogin}>Open login</Button>
      <Button onClick={openRegister}>Open register</Button>
    </>
  );
}

const registerInput = { fullName: "Ada Lovelace", email: "ada@example.com", password: "secret-pass", role: "ADVERTISER" };

beforeEach(() => localStorage.clear());

async function openDialog(which: "Open login" | "Open register") {
  await userEvent.click(screen.getByRole("button", { name: which }));
  return screen.findByRole("dialog");
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

test("a successful registration switches to login with the e-mail filled in and clears only the password", async () => {
  const mocks = [
    {
      request: { query: RegisterDocument, variables: { input: registerInput } },
      result: { data: { register: { __typename: "User" as const, id: 7 } } },
    },
  ];
  renderScreen(<Openers />, { mocks });
  const dialog = await openDialog("Open register");
  const form = await within(dialog).findByRole("form", { name: "Register" });

  await userEvent.type(within(form).getByLabelText(/Full name/), registerInput.fullName);
  await userEvent.type(within(form).getByLabelText(/Email/), registerInput.email);
  await userEvent.type(within(form).getByLabelText(/Password/), registerInput.password);
  await userEvent.selectOptions(within(form).getByLabelText(/I am a/), "ADVERTISER");
  await userEvent.click(within(form).getByRole("button", { name: "Create Account" }));

  expect(await screen.findByText("Registration successful! Please login.")).toBeVisible();
  expect(within(dialog).getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  const login = within(dialog).getByRole("form", { name: "Login" });
  expect(login).toBeVisible();
  expect(within(login).getByLabelText(/Email/)).toHaveValue(registerInput.email);
  expect(within(login).getByLabelText(/Password/)).toHaveValue("");

  await userEvent.click(within(dialog).getByRole("tab", { name: "Register" }));
  expect(within(form).getByLabelText(/Full name/)).toHaveValue(registerInput.fullName);
  expect(within(form).getByLabelText(/Email/)).toHaveValue(registerInput.email);
  expect(within(form).getByLabelText(/I am a/)).toHaveValue("ADVERTISER");
  expect(within(form).getByLabelText(/Password/)).toHaveValue("");
});

test("a failed registration shows the server's message", async () => {
  const mocks = [
    {
      request: { query: RegisterDocument, variables: { input: { ...registerInput, role: "PUBLISHER" } } },
      result: { errors: [new GraphQLError("Email is already registered")] },
    },
  ];
  renderScreen(<Openers />, { mocks });
  const dialog = await openDialog("Open register");
  const form = await within(dialog).findByRole("form", { name: "Register" });

  await userEvent.type(within(form).getByLabelText(/Full name/), registerInput.fullName);
  await userEvent.type(within(form).getByLabelText(/Email/), registerInput.email);
  await userEvent.type(within(form).getByLabelText(/Password/), registerInput.password);
  await userEvent.click(within(form).getByRole("button", { name: "Create Account" }));

  expect(await screen.findByText("Email is already registered")).toBeVisible();
  expect(within(dialog).getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
});

test("a password the server refuses is explained under the Password field", async () => {
  const why = "This password is one of the most commonly used, so it is among the first guessed: choose another";
  const mocks = [
    {
      request: { query: RegisterDocument, variables: { input: { ...registerInput, role: "PUBLISHER", password: "password" } } },
      result: { errors: [new GraphQLError(why, { extensions: { code: "BAD_USER_INPUT", field: "password" } })] },
    },
  ];
  renderScreen(<Openers />, { mocks });
  const dialog = await openDialog("Open register");
  const form = await within(dialog).findByRole("form", { name: "Register" });

  await userEvent.type(within(form).getByLabelText(/Full name/), registerInput.fullName);
  await userEvent.type(within(form).getByLabelText(/Email/), registerInput.email);
  await userEvent.type(within(form).getByLabelText(/Password/), "password");
  await userEvent.click(within(form).getByRole("button", { name: "Create Account" }));

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
