import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateCreativeDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { renderScreen } from "../../../test/render";
import { campaign } from "../test/advertiser-mocks";
import { UploadCreativeDialog } from "./upload-creative-dialog";

jest.setTimeout(20_000);

const input = {
  campaignId: 20,
  name: "Tent film",
  type: "video",
  contentUrl: "https://cdn.example.com/tent.mp4",
  clickUrl: null,
  width: 640,
  height: 360,
  durationSeconds: 15,
  skipAfterSeconds: null,
  native: null,
};

async function openVideoForm(mocks: unknown[] = []) {
  renderScreen(<UploadCreativeDialog open onOpenChange={() => undefined} campaigns={[campaign()]} />, { mocks: mocks as never[] });
  const dialog = await findFormDialog("Add Creative");
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  await userEvent.selectOptions(field(/Campaign/), "20");
  expect(within(dialog).queryByLabelText(/Duration/)).toBeNull();
  await userEvent.selectOptions(field(/Type/), "video");
  for (const [label, value] of Object.entries({ "Creative name": input.name, "Content URL": input.contentUrl, Width: "640", Height: "360" })) {
    await userEvent.clear(field(new RegExp(`^${label}`)));
    await userEvent.type(field(new RegExp(`^${label}`)), value);
  }
  return { dialog, field };
}

test("a video given by URL says how long it plays, within the server's longest, which VAST players are told", async () => {
  const created = { ...input, id: 70, status: "PENDING" };
  const { dialog, field } = await openVideoForm([{ request: { query: CreateCreativeDocument, variables: { input } }, result: { data: { createCreative: created } } }]);
  await userEvent.type(field(/^Duration/), "61");
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(within(dialog).getByText("Duration must be a whole number of seconds from 1 to 60")).toBeVisible();

  await userEvent.clear(field(/^Duration/));
  await userEvent.type(field(/^Duration/), "15");
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(within(dialog).queryByText(/Duration must be/)).toBeNull();
  expect(await screen.findByText("Creative added and sent for review")).toBeVisible();
});
