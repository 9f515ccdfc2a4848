import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ArchiveCreativeDocument } from "../../../gql/graphql";
import { renderApp } from "../../../test/render";
import { campaign, creative, dashboard, me } from "../test/advertiser-mocks";

jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

test("a creative's card offers Archive, which asks first and then takes the card away at once", async () => {
  const banner = creative({ id: 30, name: "Spring Banner", contentUrl: `/media/${"e4".repeat(32)}.png` });
  const square = creative({ id: 31, name: "Square", nextActions: ["ARCHIVE"] });
  const archived = { request: { query: ArchiveCreativeDocument, variables: { id: 30 } }, result: { data: { archiveCreative: { __typename: "Creative", id: 30, campaign: campaign() } } } };
  renderApp({ path: "/advertiser", mocks: [me, dashboard({ myCampaigns: [campaign()], myCreatives: [banner, square] }), archived] });
  await userEvent.click(await screen.findByRole("tab", { name: "Creatives" }));

  const card = await screen.findByRole("article", { name: "Spring Banner" });
  expect(within(card).getByRole("img", { name: "Preview" })).toBeVisible();
  expect(within(card).getByText("https://shop.example.com/spring")).toBeVisible();
  expect(within(card).queryByText(/\/media\//)).not.toBeInTheDocument();
  await userEvent.click(within(card).getByRole("button", { name: "Archive Spring Banner" }));
  const dialog = await screen.findByRole("dialog", { name: "Archive creative" });
  expect(within(dialog).getByText(/its figures stay in your reports and its uploaded file is kept/)).toBeVisible();
  await userEvent.click(within(dialog).getByRole("button", { name: "Archive" }));

  expect(await screen.findByText("Spring Banner archived")).toBeVisible();
  expect(screen.queryByRole("article", { name: "Spring Banner" })).not.toBeInTheDocument();
  expect(screen.getByRole("article", { name: "Square" })).toBeVisible();
});
