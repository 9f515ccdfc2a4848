import { within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { CreateAdZoneDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { site, zone } from "../../../test/publisher-fixtures";
import { renderScreen } from "../../../test/render";
import { CreateAdZoneDialog } from "./create-ad-zone-dialog";

jest.setTimeout(20_000);

const approved = site({ id: 10, status: "APPROVED" });
const base = { siteId: 10, name: "Feed", width: 728, height: 90, position: "header", floor: 0, adCount: 1, layout: "grid", houseItems: [], midrollOffsets: [] };

async function openForm(mocks: unknown[]) {
  renderScreen(<CreateAdZoneDialog open onOpenChange={() => undefined} approvedSites={[approved]} />, { mocks: mocks as never[] });
  const dialog = await findFormDialog("Create Ad Zone");
  await userEvent.type(within(dialog).getByLabelText(/Zone name/), "Feed");
  return dialog;
}

test("a banner zone may be a sticky anchor or an interstitial, and the form says what each does", async () => {
  const input = { ...base, format: "banner", presentation: "sticky", nativeTemplate: "" };
  const created = zone({ id: 9, name: "Feed", presentation: "sticky" });
  const dialog = await openForm([{ request: { query: CreateAdZoneDocument, variables: { input } }, result: { data: { createAdZone: created } } }]);
  expect(within(dialog).queryByLabelText(/Native template/)).not.toBeInTheDocument();
  await userEvent.selectOptions(within(dialog).getByLabelText(/Presentation/), "sticky");
  expect(within(dialog).getByText(/Anchored to the bottom of the window, dismissible/)).toBeVisible();
  await userEvent.selectOptions(within(dialog).getByLabelText(/Presentation/), "interstitial");
  expect(within(dialog).getByText(/Full screen over the page, closable within 3 seconds/)).toBeVisible();
  await userEvent.selectOptions(within(dialog).getByLabelText(/Presentation/), "sticky");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(document.body).findByText("Ad zone created successfully")).toBeVisible();
});

test("a native zone takes a template instead, and a template the server refuses shows why under it", async () => {
  const template = '<div onclick="steal()">{{headline}}</div>';
  const refusal = new GraphQLError("Native template may not use the attribute onclick on <div>", { extensions: { code: "BAD_USER_INPUT", field: "nativeTemplate" } });
  const input = { ...base, format: "native", presentation: "inline", nativeTemplate: template };
  const dialog = await openForm([{ request: { query: CreateAdZoneDocument, variables: { input } }, result: { errors: [refusal] } }]);
  await userEvent.selectOptions(within(dialog).getByLabelText(/Format/), "native");
  expect(within(dialog).queryByLabelText(/Presentation/)).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByLabelText(/Native template/));
  await userEvent.paste(template);
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(dialog).findByText(refusal.message)).toBeVisible();
});

test("a native zone may show several ads with the publisher's own articles among them, each bound the server's", async () => {
  const houseItems = [{ title: "Ten walks for the autumn", url: "https://news.example.com/walks", image: null }];
  const input = { ...base, format: "native", presentation: "inline", nativeTemplate: "", adCount: 4, layout: "list", houseItems };
  const created = zone({ id: 9, name: "Feed", format: "native", adCount: 4, layout: "list", houseItems: houseItems.map((item) => ({ __typename: "HouseItem" as const, ...item })) });
  const refusal = new GraphQLError("House item 1: Link must start with http:// or https://", { extensions: { code: "BAD_USER_INPUT", field: "houseItems" } });
  const badInput = { ...input, houseItems: [{ ...houseItems[0], url: "ftp://news.example.com/walks" }] };
  const dialog = await openForm([
    { request: { query: CreateAdZoneDocument, variables: { input: badInput } }, result: { errors: [refusal] } },
    { request: { query: CreateAdZoneDocument, variables: { input } }, result: { data: { createAdZone: created } } },
  ]);
  await userEvent.selectOptions(within(dialog).getByLabelText(/Format/), "native");
  const adCount = within(dialog).getByLabelText(/Ads shown/);
  await userEvent.clear(adCount);
  await userEvent.type(adCount, "9");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(dialog).findByText("Ads shown must be from 1 to 8")).toBeVisible();
  await userEvent.clear(adCount);
  await userEvent.type(adCount, "4");
  await userEvent.selectOptions(within(dialog).getByLabelText(/Layout/), "list");

  await userEvent.click(within(dialog).getByRole("button", { name: "Add an article" }));
  const article = within(within(dialog).getByRole("group", { name: "Article 1" }));
  await userEvent.type(article.getByLabelText(/Title/), houseItems[0].title);
  await userEvent.type(article.getByLabelText(/Link/), "ftp://news.example.com/walks");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(dialog).findByText(refusal.message)).toBeVisible();

  await userEvent.clear(article.getByLabelText(/Link/));
  await userEvent.type(article.getByLabelText(/Link/), houseItems[0].url);
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(document.body).findByText("Ad zone created successfully")).toBeVisible();
});

test("a video zone takes its breaks within the server's limits: pod size, break length and rising mid-roll offsets", async () => {
  const input = { ...base, format: "video", presentation: "inline", nativeTemplate: "", podSize: 3, breakSeconds: 45, midrollOffsets: [300, 600] };
  const created = zone({ id: 9, name: "Feed", format: "video", podSize: 3, breakSeconds: 45, midrollOffsets: [300, 600] });
  const dialog = await openForm([{ request: { query: CreateAdZoneDocument, variables: { input } }, result: { data: { createAdZone: created } } }]);
  expect(within(dialog).queryByLabelText(/Mid-roll offsets/)).not.toBeInTheDocument();
  await userEvent.selectOptions(within(dialog).getByLabelText(/Format/), "video");
  // The limits are the server's (formOptions.zoneFields), said in the form's words.
  expect(within(dialog).getByText(/Most ads one after another in a break, 1 to 5/)).toBeVisible();
  expect(within(dialog).getByLabelText(/Pod size/)).toHaveValue(2);
  await userEvent.clear(within(dialog).getByLabelText(/Pod size/));
  await userEvent.type(within(dialog).getByLabelText(/Pod size/), "9");
  await userEvent.clear(within(dialog).getByLabelText(/Break seconds/));
  await userEvent.type(within(dialog).getByLabelText(/Break seconds/), "45");
  await userEvent.type(within(dialog).getByLabelText(/Mid-roll offsets/), "600, 300");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(dialog).findByText("Pod size must be from 1 to 5")).toBeVisible();
  expect(within(dialog).getByText("Mid-roll offsets must rise, each later than the one before")).toBeVisible();

  await userEvent.clear(within(dialog).getByLabelText(/Pod size/));
  await userEvent.type(within(dialog).getByLabelText(/Pod size/), "3");
  await userEvent.clear(within(dialog).getByLabelText(/Mid-roll offsets/));
  await userEvent.type(within(dialog).getByLabelText(/Mid-roll offsets/), "300, 600");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(document.body).findByText("Ad zone created successfully")).toBeVisible();
});

test("a push-down needs a billboard: the form says so under the presentation and sends nothing until the size fits", async () => {
  const input = { ...base, width: 970, height: 250, format: "banner", presentation: "pushdown", nativeTemplate: "" };
  const created = zone({ id: 11, name: "Feed", width: 970, height: 250, presentation: "pushdown" });
  const dialog = await openForm([{ request: { query: CreateAdZoneDocument, variables: { input } }, result: { data: { createAdZone: created } } }]);
  await userEvent.selectOptions(within(dialog).getByLabelText(/Presentation/), "pushdown");
  expect(within(dialog).getByText(/pushing its content down \(never over it\)/)).toBeVisible();
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(dialog).findByText("Push down zones are at least 970×250 pixels")).toBeVisible();
  for (const [side, pixels] of [["Width", "970"], ["Height", "250"]]) {
    await userEvent.clear(within(dialog).getByLabelText(new RegExp(`^${side}`)));
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${side}`)), pixels);
  }
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));
  expect(await within(document.body).findByText("Ad zone created successfully")).toBeVisible();
});
