import { within } from "@testing-library/react";
import { findFormDialog } from "../../../test/dialogs";
import { declared, formBounds, formOptionsMock } from "../../../test/form-options-mock";
import { site } from "../../../test/publisher-fixtures";
import { renderScreen } from "../../../test/render";
import { CreateAdZoneDialog } from "./create-ad-zone-dialog";

jest.setTimeout(20_000);

test("a new zone starts from the defaults the server declares", async () => {
  const zoneFields = formBounds().zoneFields.map((field) =>
    field.name === "width" ? declared("width", "Width", "integer", { min: 1, max: 2000, defaultValue: "300" }) : field.name === "height" ? declared("height", "Height", "integer", { min: 1, max: 2000, defaultValue: "250" }) : field,
  );
  renderScreen(<CreateAdZoneDialog open onOpenChange={() => undefined} approvedSites={[site({ id: 10, status: "APPROVED" })]} />, { mocks: [formOptionsMock({ zoneFields })] });
  const dialog = await findFormDialog("Create Ad Zone");
  expect(within(dialog).getByLabelText(/Width/)).toHaveValue(300);
  expect(within(dialog).getByLabelText(/Height/)).toHaveValue(250);
  expect(within(dialog).getByLabelText(/Floor price/)).toHaveValue(0);
});
