import { within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { findFormDialog } from "../../../test/dialogs";
import { declared, formBounds, formOptionsMock } from "../../../test/form-options-mock";
import { renderScreen } from "../../../test/render";
import { AddSiteDialog } from "./add-site-dialog";

jest.setTimeout(20_000);

test("the site form checks the blocked domains against the limit the server declares", async () => {
  const siteFields = formBounds().siteFields.map((field) => (field.name === "blockedDomains" ? declared("blockedDomains", "Blocked domains", "document", { max: 2 }) : field));
  renderScreen(<AddSiteDialog open onOpenChange={() => undefined} />, { mocks: [formOptionsMock({ siteFields })] });
  const dialog = await findFormDialog("Add New Site");
  await userEvent.type(within(dialog).getByLabelText(/Blocked landing domains/), "one.example two.example three.example");
  await userEvent.click(within(dialog).getByRole("button", { name: "Submit for Approval" }));
  expect(within(dialog).getByText("Blocked domains can hold at most 2 domains")).toBeVisible();
});
