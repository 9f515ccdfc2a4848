import { Button } from "@chakra-ui/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SendContactMessageDocument } from "../../../gql/graphql";
import { renderScreen } from "../../../test/render";
import { useContactDialog } from "../contact-dialog-provider";
import { findFormDialog } from "../../../test/dialogs";

function Opener() {
  const openContact = useContactDialog();
  return <Button onClick={() => openContact("advertiser")}>Request Demo</Button>;
}

const message = { name: "Grace Hopper", email: "grace@example.com", subject: "advertiser", message: "Please call me." };

async function openDialog() {
  await userEvent.click(screen.getByRole("button", { name: "Request Demo" }));
  return findFormDialog("Contact Us");
}

test("it promises a reply within 24 hours and starts on the subject its button chose", async () => {
  renderScreen(<Opener />);
  const dialog = await openDialog();

  expect(within(dialog).getByText(/within 24 hours/)).toBeVisible();
  expect(within(dialog).getByLabelText("Subject")).toHaveDisplayValue("Advertiser Account");
});

test("name, email and message are required and the email must look like one", async () => {
  renderScreen(<Opener />);
  const dialog = await openDialog();

  await userEvent.click(within(dialog).getByRole("button", { name: "Send Message" }));
  expect(within(dialog).getByText("Name is required")).toBeVisible();
  expect(within(dialog).getByText("Email is required")).toBeVisible();
  expect(within(dialog).getByText("Message is required")).toBeVisible();

  await userEvent.type(within(dialog).getByLabelText(/Email/), "grace@");
  await userEvent.click(within(dialog).getByRole("button", { name: "Send Message" }));
  expect(within(dialog).getByText("Enter an email address such as name@example.com")).toBeVisible();
});

test("a sent message is confirmed, closes the dialog and leaves an empty form for next time", async () => {
  const mocks = [
    {
      request: { query: SendContactMessageDocument, variables: { input: message } },
      result: { data: { sendContactMessage: { __typename: "ContactMessage" as const, id: 1 } } },
    },
  ];
  renderScreen(<Opener />, { mocks });
  let dialog = await openDialog();

  await userEvent.type(within(dialog).getByLabelText(/Name/), message.name);
  await userEvent.type(within(dialog).getByLabelText(/Email/), message.email);
  await userEvent.type(within(dialog).getByLabelText(/Message/), message.message);
  await userEvent.click(within(dialog).getByRole("button", { name: "Send Message" }));

  expect(await screen.findByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

  dialog = await openDialog();
  expect(within(dialog).getByLabelText(/Name/)).toHaveValue("");
  expect(within(dialog).getByLabelText(/Email/)).toHaveValue("");
  expect(within(dialog).getByLabelText(/Message/)).toHaveValue("");
});
