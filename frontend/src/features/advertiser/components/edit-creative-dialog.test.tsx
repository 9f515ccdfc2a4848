import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { UpdateCreativeDocument } from "../../../gql/graphql";
import { renderApp } from "../../../test/render";
import { campaign, creative, dashboard, me } from "../test/advertiser-mocks";
import { findFormDialog } from "../../../test/dialogs";

jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

const withCreative = dashboard({ myCampaigns: [campaign()], myCreatives: [creative()] });

async function openEditDialog() {
  await userEvent.click(await screen.findByRole("tab", { name: "Creatives" }));
  await userEvent.click(await screen.findByRole("button", { name: "Edit Spring Banner" }));
  return findFormDialog("Edit Creative");
}

test("Edit opens a dialog holding the creative's current values", async () => {
  renderApp({ path: "/advertiser", mocks: [me, withCreative] });
  const dialog = await openEditDialog();

  expect(within(dialog).getByLabelText(/Creative name/)).toHaveValue("Spring Banner");
  expect(within(dialog).getByLabelText(/Type/)).toHaveValue("image");
  expect(within(dialog).getByLabelText(/Content URL/)).toHaveValue("https://cdn.example.com/spring.png");
  expect(within(dialog).getByLabelText(/Click URL/)).toHaveValue("https://shop.example.com/spring");
  expect(within(dialog).getByLabelText(/Width/)).toHaveValue(728);
  expect(within(dialog).getByLabelText(/Height/)).toHaveValue(90);
});

test("an edit is checked like an upload before anything is sent", async () => {
  renderApp({ path: "/advertiser", mocks: [me, withCreative] });
  const dialog = await openEditDialog();

  await userEvent.clear(within(dialog).getByLabelText(/Creative name/));
  await userEvent.clear(within(dialog).getByLabelText(/Content URL/));
  await userEvent.type(within(dialog).getByLabelText(/Content URL/), "ftp://cdn.example.com/spring.png");
  await userEvent.clear(within(dialog).getByLabelText(/Width/));
  await userEvent.type(within(dialog).getByLabelText(/Width/), "0");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  expect(within(dialog).getByText("Creative name is required")).toBeVisible();
  expect(within(dialog).getByText("Content URL must start with http:// or https://")).toBeVisible();
  expect(within(dialog).getByText("Width must be a positive whole number")).toBeVisible();
  expect(screen.queryByText(/Creative updated/)).not.toBeInTheDocument();
});

test("a saved edit is confirmed and its answer shows it back in review, and its campaign without an approved creative", async () => {
  const input = {
    name: "Summer Banner",
    type: "video",
    contentUrl: "https://cdn.example.com/summer.mp4",
    clickUrl: null,
    width: 300,
    height: 250,
    durationSeconds: null,
    skipAfterSeconds: null,
    native: null,
  };
  const edited = creative({ ...input, typeLabel: "Video", status: "PENDING" });
  const mocks = [
    me,
    withCreative,
    {
      request: { query: UpdateCreativeDocument, variables: { id: 30, input } },
      result: { data: { updateCreative: { ...edited, campaign: campaign({ deliveryIssue: "Not delivering: no approved creative" }) } } },
    },
  ];
  renderApp({ path: "/advertiser", mocks });
  const dialog = await openEditDialog();

  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  await userEvent.clear(field(/Creative name/));
  await userEvent.type(field(/Creative name/), ` ${input.name} `);
  await userEvent.selectOptions(field(/Type/), "video");
  await userEvent.clear(field(/Content URL/));
  await userEvent.type(field(/Content URL/), input.contentUrl);
  await userEvent.clear(field(/Click URL/));
  await userEvent.clear(field(/Width/));
  await userEvent.type(field(/Width/), "300");
  await userEvent.clear(field(/Height/));
  await userEvent.type(field(/Height/), "250");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText("Creative updated and sent for review")).toBeVisible();
  const card = await screen.findByRole("article", { name: "Summer Banner" });
  expect(within(card).getByText("pending")).toBeVisible();
  expect(within(card).getByText("300x250")).toBeVisible();
  expect(within(card).getByText("Video")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit Creative" })).not.toBeInTheDocument());
  await userEvent.click(screen.getByRole("tab", { name: "Campaigns" }));
  expect(within(await screen.findByRole("article", { name: "Spring Sale" })).getByText("Not delivering: no approved creative")).toBeVisible();
});

test("a refused edit shows the server's message and keeps the dialog open", async () => {
  const input = { ...creativeInput(), name: "Spring Banner v2" };
  const mocks = [
    me,
    withCreative,
    {
      request: { query: UpdateCreativeDocument, variables: { id: 30, input } },
      result: { errors: [new GraphQLError("Creative not found")] },
    },
  ];
  renderApp({ path: "/advertiser", mocks });
  const dialog = await openEditDialog();

  await userEvent.type(within(dialog).getByLabelText(/Creative name/), " v2");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText("Creative not found")).toBeVisible();
  expect(screen.getByRole("dialog", { name: "Edit Creative" })).toBeVisible();
});

function creativeInput() {
  const { name, type, contentUrl, clickUrl, width, height } = creative();
  return { name, type, contentUrl, clickUrl, width, height, native: null };
}
