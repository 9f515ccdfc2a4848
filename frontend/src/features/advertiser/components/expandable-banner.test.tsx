import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateCreativeDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { renderScreen } from "../../../test/render";
import { campaign, creative } from "../test/advertiser-mocks";
import { UploadCreativeDialog } from "./upload-creative-dialog";

jest.setTimeout(20_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

const input = {
  campaignId: 20,
  name: "Tent rectangle",
  type: "image",
  contentUrl: "https://cdn.example.com/tent.png",
  clickUrl: null,
  width: 300,
  height: 250,
  expandedWidth: 600,
  expandedHeight: 500,
  native: null,
};

test("an image or HTML banner may declare the size it opens to, checked against the server's factor; other types have no such field", async () => {
  const created = creative({ ...input, id: 71, status: "PENDING" });
  renderScreen(<UploadCreativeDialog open onOpenChange={() => undefined} campaigns={[campaign()]} />, {
    mocks: [{ request: { query: CreateCreativeDocument, variables: { input } }, result: { data: { createCreative: created } } }],
  });
  const dialog = await findFormDialog("Add Creative");
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  await userEvent.selectOptions(field(/Campaign/), "20");
  for (const type of ["video", "native"]) {
    await userEvent.selectOptions(field(/Type/), type);
    expect(within(dialog).queryByLabelText(/^Expanded width/)).toBeNull();
  }
  await userEvent.selectOptions(field(/Type/), "image");
  for (const [label, value] of Object.entries({ "Creative name": input.name, "Content URL": input.contentUrl, Width: "300", Height: "250", "Expanded width": "700" })) {
    await userEvent.clear(field(new RegExp(`^${label}`)));
    await userEvent.type(field(new RegExp(`^${label}`)), value);
  }
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(within(dialog).getByText("Expanded width must be from the banner's own width (300) to 2 times it (600)")).toBeVisible();
  expect(within(dialog).getByText("Expanded height is required with an expanded width")).toBeVisible();

  await userEvent.clear(field(/^Expanded width/));
  await userEvent.type(field(/^Expanded width/), "600");
  await userEvent.type(field(/^Expanded height/), "500");
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(await screen.findByText("Creative added and sent for review")).toBeVisible();
});
