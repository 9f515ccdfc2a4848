import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CreateCreativeDocument, CreateMediaUploadUrlDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { renderApp } from "../../../test/render";
import { campaign, creative, dashboard, me } from "../test/advertiser-mocks";

jest.setTimeout(15_000);

const UPLOAD_URL = "https://ads.example.net/media/uploads/signed";
const uploadUrl = {
  request: { query: CreateMediaUploadUrlDocument },
  result: { data: { createMediaUploadUrl: { __typename: "MediaUploadUrl", url: UPLOAD_URL, expiresAt: "2025-03-01T10:15:00.000Z" } } },
};

/** The signed URL's answer, as the server gives it: the decoded file, or the reason it refused it. */
const answer = (status: number, body: unknown) => jest.fn().mockResolvedValue({ ok: status < 300, status, json: async () => body });

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

async function openUploadDialog() {
  await userEvent.click(await screen.findByRole("tab", { name: "Creatives" }));
  await userEvent.click(await screen.findByRole("button", { name: "Add Creative" }));
  return findFormDialog("Add Creative");
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "banner.jpg", { type: "image/jpeg" });

test("an uploaded file's decoded type and size fill the creative, which is made from its media id", async () => {
  global.fetch = answer(201, { id: 7, kind: "image", mimeType: "image/png", width: 300, height: 250, durationMs: null });
  const input = { campaignId: 20, name: "Rectangle", type: "image", mediaId: 7, clickUrl: null, width: 300, height: 250, native: null };
  const created = { request: { query: CreateCreativeDocument, variables: { input } }, result: { data: { createCreative: creative({ id: 31, name: "Rectangle", mediaId: 7, contentUrl: "/media/abc.png", width: 300, height: 250, status: "PENDING" }) } } };
  renderApp({ path: "/advertiser", mocks: [me, dashboard({ myCampaigns: [campaign()] }), uploadUrl, created] });
  const dialog = await openUploadDialog();

  await userEvent.selectOptions(within(dialog).getByLabelText(/Campaign/), "Spring Sale");
  await userEvent.type(within(dialog).getByLabelText(/Creative name/), "Rectangle");
  await userEvent.upload(within(dialog).getByLabelText(/Upload a file/), png());

  expect(await within(dialog).findByRole("status")).toHaveTextContent("Uploaded: PNG image, 300×250 pixels");
  expect(global.fetch).toHaveBeenCalledWith(UPLOAD_URL, expect.objectContaining({ method: "PUT" }));
  expect(within(dialog).queryByLabelText(/Content URL/)).not.toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Width/)).toHaveValue(300);
  expect(within(dialog).getByLabelText(/Height/)).toHaveValue(250);

  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(await screen.findByText("Creative added and sent for review")).toBeVisible();
});

test("a refused file shows the server's reason, and the creative stays a URL one", async () => {
  global.fetch = answer(422, { detail: "The file is SVG or other markup, which can carry script" });
  renderApp({ path: "/advertiser", mocks: [me, dashboard({ myCampaigns: [campaign()] }), uploadUrl] });
  const dialog = await openUploadDialog();

  await userEvent.upload(within(dialog).getByLabelText(/Upload a file/), png());

  expect(await within(dialog).findByText("The file is SVG or other markup, which can carry script")).toBeVisible();
  expect(within(dialog).getByLabelText(/Content URL/)).toBeVisible();
});
