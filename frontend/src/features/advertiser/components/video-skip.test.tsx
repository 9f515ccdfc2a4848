import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateCreativeDocument, UpdateCreativeDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { renderApp, renderScreen } from "../../../test/render";
import { campaign, creative, dashboard, me } from "../test/advertiser-mocks";
import { UploadCreativeDialog } from "./upload-creative-dialog";

jest.setTimeout(20_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

const SKIP = /^Skippable after \(seconds\)/;

const input = {
  campaignId: 20,
  name: "Tent film",
  type: "video",
  contentUrl: "https://cdn.example.com/tent.mp4",
  clickUrl: null,
  width: 640,
  height: 360,
  durationSeconds: 15,
  skipAfterSeconds: 5,
  native: null,
};

test("a video creative says after how many seconds it may be skipped, checked against the server's bound and its length; other types have no such field", async () => {
  const created = { ...creative({ ...input, id: 70, typeLabel: "Video", status: "PENDING" }) };
  renderScreen(<UploadCreativeDialog open onOpenChange={() => undefined} campaigns={[campaign()]} />, {
    mocks: [{ request: { query: CreateCreativeDocument, variables: { input } }, result: { data: { createCreative: created } } }],
  });
  const dialog = await findFormDialog("Add Creative");
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  await userEvent.selectOptions(field(/Campaign/), "20");
  for (const type of ["image", "html", "native"]) {
    await userEvent.selectOptions(field(/Type/), type);
    expect(within(dialog).queryByLabelText(SKIP)).toBeNull();
  }
  await userEvent.selectOptions(field(/Type/), "video");
  // How a buyer books a video banner: a video of a banner zone's size.
  expect(within(dialog).getByText(/banner zones as an in-banner video \(a 728×90 video is a video banner\) that plays muted while in view/)).toBeVisible();
  for (const [label, value] of Object.entries({ "Creative name": input.name, "Content URL": input.contentUrl, Width: "640", Height: "360", Duration: "15" })) {
    await userEvent.clear(field(new RegExp(`^${label}`)));
    await userEvent.type(field(new RegExp(`^${label}`)), value);
  }

  await userEvent.type(field(SKIP), "61");
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(within(dialog).getByText("Skippable after must be a whole number of seconds from 0 to 60")).toBeVisible();
  await userEvent.clear(field(SKIP));
  await userEvent.type(field(SKIP), "15");
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(within(dialog).getByText("Skippable after must be shorter than the video's 15 seconds")).toBeVisible();

  await userEvent.clear(field(SKIP));
  await userEvent.type(field(SKIP), "5");
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(await screen.findByText("Creative added and sent for review")).toBeVisible();
});

test("editing a video creative starts from its skip offset, and emptying it makes the video unskippable", async () => {
  const video = creative({ ...input, typeLabel: "Video" });
  const { campaignId: _campaign, ...content } = input;
  const unskippable = { ...content, skipAfterSeconds: null };
  const mocks = [
    me,
    dashboard({ myCampaigns: [campaign()], myCreatives: [video] }),
    { request: { query: UpdateCreativeDocument, variables: { id: 30, input: unskippable } }, result: { data: { updateCreative: { ...video, skipAfterSeconds: null, campaign: campaign() } } } },
  ];
  renderApp({ path: "/advertiser", mocks });
  await userEvent.click(await screen.findByRole("tab", { name: "Creatives" }));
  expect(within(await screen.findByRole("article", { name: "Tent film" })).getByText("Skippable after 5 s")).toBeVisible();
  await userEvent.click(screen.getByRole("button", { name: "Edit Tent film" }));
  const dialog = await findFormDialog("Edit Creative");
  expect(within(dialog).getByLabelText(SKIP)).toHaveValue(5);

  await userEvent.clear(within(dialog).getByLabelText(SKIP));
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(await screen.findByText("Creative updated")).toBeVisible();
  expect(within(await screen.findByRole("article", { name: "Tent film" })).getByText("Not skippable")).toBeVisible();
});

test("the campaign form has no video section: skipping is the video creative's", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard({ myCampaigns: [campaign({ nextActions: ["PAUSE", "EDIT"] })] })] });
  await userEvent.click(await screen.findByRole("button", { name: "Edit Spring Sale" }));
  const dialog = await findFormDialog("Edit Spring Sale");
  expect(within(dialog).queryByRole("group", { name: "Video ads" })).toBeNull();
  expect(within(dialog).queryByText(/skippable/i)).toBeNull();
});
