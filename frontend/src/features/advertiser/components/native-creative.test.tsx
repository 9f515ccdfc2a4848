import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { AdminCreativesDocument, CreateCreativeDocument, CreateMediaUploadUrlDocument } from "../../../gql/graphql";
import { adminCreative, firstPage, listMock } from "../../../test/admin-fixtures";
import { findFormDialog } from "../../../test/dialogs";
import { renderScreen } from "../../../test/render";
import { CreativeReviewTab } from "../../admin/components/creative-review-tab";
import { campaign } from "../test/advertiser-mocks";
import { UploadCreativeDialog } from "./upload-creative-dialog";

jest.setTimeout(20_000);

const NATIVE = { headline: "Tents that pitch in a minute", body: "Light, warm and up before the kettle boils.", sponsor: null, callToAction: "Shop tents", logoUrl: null, price: null, currency: null, rating: null };
const input = {
  campaignId: 20,
  name: "Tents native",
  type: "native",
  contentUrl: "https://cdn.example.com/tent.jpg",
  clickUrl: "https://shop.example.com/tents",
  width: 1200,
  height: 627,
  native: NATIVE,
};

async function openNativeForm(mocks: unknown[] = []) {
  renderScreen(<UploadCreativeDialog open onOpenChange={() => undefined} campaigns={[campaign()]} />, { mocks: mocks as never[] });
  const dialog = await findFormDialog("Add Creative");
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  await userEvent.selectOptions(field(/Campaign/), "20");
  await userEvent.selectOptions(field(/Type/), "native");
  return { dialog, field };
}

async function fillIn(field: (label: RegExp) => HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.clear(field(new RegExp(`^${label}`)));
    await userEvent.click(field(new RegExp(`^${label}`)));
    await userEvent.paste(value);
  }
}

const typed = {
  "Creative name": input.name,
  "Content URL": input.contentUrl,
  "Click URL": input.clickUrl,
  Width: "1200",
  Height: "627",
  Headline: NATIVE.headline,
  Body: NATIVE.body,
  "Call to action": NATIVE.callToAction,
};

test("a native creative asks for its texts with the IAB's lengths, and checks them before sending", async () => {
  const { dialog, field } = await openNativeForm();
  expect(within(dialog).getByText("90 of 90 characters left; up to 25 fit every card")).toBeVisible();
  await fillIn(field, { ...typed, Headline: "x".repeat(91), "Call to action": "Buy it right now" });
  expect(within(dialog).getByText("0 of 90 characters left; up to 25 fit every card")).toBeVisible();
  await userEvent.clear(field(/^Body/));
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));

  expect(within(dialog).getByText("Headline can be at most 90 characters long")).toBeVisible();
  expect(within(dialog).getByText("Body is required")).toBeVisible();
  expect(within(dialog).getByText("Call to action can be at most 15 characters long")).toBeVisible();
});

test("a promoted listing's price, currency and rating are sent with it, the rating checked against the server's bound first", async () => {
  const listing = { ...input, native: { ...NATIVE, price: 149.5, currency: "EUR", rating: 4.5 } };
  const created = { request: { query: CreateCreativeDocument, variables: { input: listing } }, result: { data: { createCreative: { __typename: "Creative", id: 41 } } } };
  const { dialog, field } = await openNativeForm([created]);
  await fillIn(field, { ...typed, Price: "149.50", Currency: "eur", Rating: "6" });
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(within(dialog).getByText("Rating must be a number from 0 to 5, in tenths such as 4.5")).toBeVisible();
  await fillIn(field, { Rating: "4.5" });
  expect(field(/^Currency/)).toHaveValue("EUR");
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
  expect(await within(document.body).findByText("Creative added and sent for review")).toBeVisible();
});

test("a native creative is sent with its fields, and a refusal the server pins on one shows under it", async () => {
  const refusal = new GraphQLError("A native image must be 1.91:1 (such as 1200×627) or 1:1 (such as 1200×1200); 1200×627 is neither", {
    extensions: { code: "BAD_USER_INPUT", field: "width" },
  });
  const { dialog, field } = await openNativeForm([{ request: { query: CreateCreativeDocument, variables: { input } }, result: { errors: [refusal] } }]);
  await fillIn(field, typed);
  await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));

  expect(await within(dialog).findByText(refusal.message)).toBeVisible();
});

test("the admins' review shows a native creative as the reader will see it, Sponsored by its advertiser", async () => {
  const native = adminCreative({ name: "Tents native", type: "native", width: 1200, height: 627, contentUrl: "https://cdn.example.com/tent.jpg", native: { __typename: "NativeFields", ...NATIVE } });
  renderScreen(<CreativeReviewTab />, { mocks: [listMock(AdminCreativesDocument, "creatives", firstPage({ status: "PENDING" }), [native])] });

  const card = await screen.findByRole("article", { name: "Tents native" });
  const preview = within(card).getByRole("figure", { name: "Native ad preview" });
  expect(within(preview).getByText("Sponsored · Ada Ads")).toBeVisible();
  expect(within(preview).getByText(NATIVE.headline)).toBeVisible();
  expect(within(preview).getByText(NATIVE.body)).toBeVisible();
  expect(within(preview).getByText("Shop tents")).toBeVisible();
  expect(within(preview).getByRole("presentation")).toHaveAttribute("src", "https://cdn.example.com/tent.jpg");
});

test("an image creative keeps its picture and asks for no native texts", async () => {
  renderScreen(<UploadCreativeDialog open onOpenChange={() => undefined} campaigns={[campaign()]} />);
  const dialog = await findFormDialog("Add Creative");
  expect(within(dialog).queryByLabelText(/^Headline/)).not.toBeInTheDocument();
});

describe("an uploaded picture and logo", () => {
  const HASH = "c3".repeat(32);
  const uploadUrl = {
    request: { query: CreateMediaUploadUrlDocument },
    result: { data: { createMediaUploadUrl: { __typename: "MediaUploadUrl", url: "https://ads.example.net/media/uploads/signed", expiresAt: "2025-03-01T10:15:00.000Z" } } },
  };
  const stored = (id: number, width: number, height: number) => ({ ok: true, status: 201, json: async () => ({ id, kind: "image", mimeType: "image/png", width, height, durationMs: null, url: `/media/${HASH}.png` }) });
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });
  const file = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });

  test("keep the creative Native with its texts, and it is sent with the files' ids", async () => {
    global.fetch = jest.fn().mockResolvedValueOnce(stored(7, 1200, 627)).mockResolvedValueOnce(stored(8, 200, 200));
    const { logoUrl: _none, ...texts } = NATIVE;
    const sent = { campaignId: 20, name: input.name, type: "native", mediaId: 7, clickUrl: input.clickUrl, width: 1200, height: 627, native: { ...texts, logoMediaId: 8 } };
    const created = { request: { query: CreateCreativeDocument, variables: { input: sent } }, result: { data: { createCreative: { __typename: "Creative", id: 40 } } } };
    const { dialog, field } = await openNativeForm([uploadUrl, uploadUrl, created]);
    await fillIn(field, { "Creative name": input.name, "Click URL": input.clickUrl, Headline: NATIVE.headline, Body: NATIVE.body, "Call to action": NATIVE.callToAction });

    await userEvent.upload(field(/Upload a file/), file("tent.png"));
    expect(await within(dialog).findByText("Uploaded: PNG image, 1200×627 pixels")).toBeVisible();
    await userEvent.upload(field(/Upload a logo/), file("logo.png"));
    expect(await within(dialog).findByText("Uploaded: PNG image, 200×200 pixels")).toBeVisible();

    expect(field(/^Type/)).toHaveValue("native");
    expect(field(/^Headline/)).toHaveValue(NATIVE.headline);
    expect(field(/^Body/)).toHaveValue(NATIVE.body);
    expect(field(/^Call to action/)).toHaveValue(NATIVE.callToAction);
    expect(within(dialog).queryByLabelText(/Content URL/)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Logo URL/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));
    expect(await screen.findByText("Creative added and sent for review")).toBeVisible();
  });

  test("may be given by the app's own /media/ address, which the form takes as a picture's address", async () => {
    const hosted = `/media/${HASH}.png`;
    const sent = { ...input, contentUrl: hosted, native: { ...NATIVE, logoUrl: hosted } };
    const created = { request: { query: CreateCreativeDocument, variables: { input: sent } }, result: { data: { createCreative: { __typename: "Creative", id: 41 } } } };
    const { dialog, field } = await openNativeForm([created]);
    await fillIn(field, { ...typed, "Content URL": hosted, "Logo URL": hosted });
    await userEvent.click(within(dialog).getByRole("button", { name: "Add Creative" }));

    expect(await screen.findByText("Creative added and sent for review")).toBeVisible();
    expect(within(dialog).queryByText(/must be a full web address/)).not.toBeInTheDocument();
  });
});
