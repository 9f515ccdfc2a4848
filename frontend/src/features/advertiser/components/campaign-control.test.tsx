import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ArchiveCampaignDocument, ArchivedCampaignsDocument, CampaignHistoryDocument, DuplicateCampaignDocument, DuplicatePreviewDocument, UpdateCampaignDocument } from "../../../gql/graphql";
import { findFormDialog } from "../../../test/dialogs";
import { renderApp } from "../../../test/render";
import { campaign, creative, dashboard, me } from "../test/advertiser-mocks";

jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

const live = campaign({ nextActions: ["PAUSE", "EDIT", "DUPLICATE"] });

async function openEditDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Edit Spring Sale" }));
  return findFormDialog("Edit Spring Sale");
}

test("the edit dialog starts from the campaign as it is, and sends only what was changed", async () => {
  const edited = campaign({ ...live, pricingModel: "CPC", bid: 0.4, targetCountries: ["US", "DE", "JP"] });
  const mocks = [
    me,
    dashboard({ myCampaigns: [live] }),
    {
      request: { query: UpdateCampaignDocument, variables: { id: 20, input: { pricingModel: "CPC", bid: 0.4, targetCountries: ["US", "DE", "JP"] } } },
      result: { data: { updateCampaign: edited } },
    },
  ];
  renderApp({ path: "/advertiser", mocks });
  const dialog = await openEditDialog();

  expect(within(dialog).getByLabelText(/Campaign name/)).toHaveValue("Spring Sale");
  expect(within(dialog).getByLabelText(/Budget \(\$\)/)).toHaveValue(1000);
  expect(within(dialog).getByLabelText(/Price per 1,000 impressions/)).toHaveValue(3.5);
  expect(within(dialog).getByRole("checkbox", { name: "Germany" })).toBeChecked();

  fireEvent.change(within(dialog).getByLabelText("Pricing model"), { target: { value: "CPC" } });
  const bid = within(dialog).getByLabelText(/Bid per click/);
  expect(within(dialog).getByText("Price per click, $0.01 to $100")).toBeVisible();
  await userEvent.clear(bid);
  await userEvent.type(bid, "0.40");
  await userEvent.click(within(dialog).getByText("Japan"));
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText("Campaign updated")).toBeVisible();
  const card = screen.getByRole("article", { name: "Spring Sale" });
  expect(within(card).getByText("CPC bid")).toBeVisible();
  expect(within(card).getByText("$0.40")).toBeVisible();
  expect(within(card).getByText("United States, Germany, Japan")).toBeVisible();
});

test("the edit dialog checks the bid against its pricing model and shows the server's refusal under its field", async () => {
  const mocks = [
    me,
    dashboard({ myCampaigns: [live] }),
    {
      request: { query: UpdateCampaignDocument, variables: { id: 20, input: { budget: 600 } } },
      result: { errors: [{ message: "Budget can't be less than the $700 this campaign has already spent", extensions: { code: "BAD_USER_INPUT", field: "budget" } }] },
    },
  ];
  renderApp({ path: "/advertiser", mocks });
  const dialog = await openEditDialog();

  fireEvent.change(within(dialog).getByLabelText("Pricing model"), { target: { value: "CPC" } });
  const bid = within(dialog).getByLabelText(/Bid per click/);
  await userEvent.clear(bid);
  await userEvent.type(bid, "150");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(within(dialog).getByText("Bid per click can be at most $100")).toBeVisible();

  fireEvent.change(within(dialog).getByLabelText("Pricing model"), { target: { value: "CPM" } });
  await userEvent.clear(within(dialog).getByLabelText(/Price per 1,000 impressions/));
  await userEvent.type(within(dialog).getByLabelText(/Price per 1,000 impressions/), "3.50");
  const budget = within(dialog).getByLabelText(/Budget \(\$\)/);
  await userEvent.clear(budget);
  await userEvent.type(budget, "600");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(await within(dialog).findByText("Budget can't be less than the $700 this campaign has already spent")).toBeVisible();
});

test("a campaign's history lists each change in words, newest first", async () => {
  const mocks = [
    me,
    dashboard({ myCampaigns: [live] }),
    {
      request: { query: CampaignHistoryDocument, variables: { id: 20 } },
      result: {
        data: {
          campaignHistory: [
            { __typename: "CampaignChange", id: "9.0", at: "2025-03-05T10:00:00.000Z", by: "ann@example.com", action: "Edited", field: "Bid", from: "$3.50", to: "$4.00" },
            { __typename: "CampaignChange", id: "8.0", at: "2025-03-02T10:00:00.000Z", by: "AdNet", action: "Approved", field: "Status", from: "Pending review", to: "Active" },
            { __typename: "CampaignChange", id: "7", at: "2025-03-01T10:00:00.000Z", by: "ann@example.com", action: "Created", field: null, from: null, to: "Spring Sale" },
          ],
        },
      },
    },
  ];
  renderApp({ path: "/advertiser", mocks });
  await userEvent.click(await screen.findByRole("button", { name: "History of Spring Sale" }));

  const dialog = await screen.findByRole("dialog", { name: "History of Spring Sale" });
  const list = await within(dialog).findByRole("list", { name: "Campaign history" });
  const lines = within(list)
    .getAllByRole("listitem")
    .map((item) => [...item.querySelectorAll("p")].map((line) => line.textContent));
  expect(lines.map((item) => item.slice(0, -1))).toEqual([["Edited: Bid", "$3.50 → $4.00"], ["Approved: Status", "Pending review → Active"], ["Created", "Spring Sale"]]);
  expect(lines.map((item) => item[item.length - 1]?.split(" · ")[1])).toEqual(["ann@example.com", "AdNet", "ann@example.com"]);
});

const brief = (id: number, name: string, status: "APPROVED" | "PENDING" | "REJECTED") => ({ __typename: "CreativeBrief" as const, id, name, status });

test("Duplicate says which creatives the copy takes, then puts the pending copy at the top; Archive moves a paused campaign under Show archived and its creatives out of the Creatives tab", async () => {
  const paused = campaign({ status: "PAUSED", nextActions: ["RESUME", "EDIT", "DUPLICATE", "ARCHIVE"] });
  const copy = campaign({ id: 21, name: "Spring Sale (copy)", status: "PENDING", nextActions: ["EDIT", "DUPLICATE", "ARCHIVE"], impressions: 0, clicks: 0, spend: 0 });
  const archived = campaign({ ...paused, archived: true, nextActions: ["DUPLICATE", "UNARCHIVE"] });
  const banner = creative({ id: 30, name: "Spring Banner" });
  const copiedBanner = creative({ id: 35, campaignId: 21, name: "Spring Banner", status: "PENDING" });
  const preview = {
    __typename: "DuplicatePreview" as const,
    copied: [brief(30, "Spring Banner", "APPROVED"), brief(31, "Square", "APPROVED"), brief(32, "Skyscraper", "PENDING")],
    leftOut: [brief(33, "Old art", "REJECTED")],
  };
  const mocks = [
    me,
    dashboard({ myCampaigns: [paused], myCreatives: [banner] }),
    { request: { query: DuplicatePreviewDocument, variables: { campaignId: 20 } }, result: { data: { duplicatePreview: preview } } },
    { request: { query: DuplicateCampaignDocument, variables: { id: 20 } }, result: { data: { duplicateCampaign: copy } } },
    dashboard({ myCampaigns: [copy, paused], myCreatives: [copiedBanner, banner] }),
    { request: { query: ArchiveCampaignDocument, variables: { id: 20 } }, result: { data: { archiveCampaign: archived } } },
    { request: { query: ArchivedCampaignsDocument }, result: { data: { myCampaigns: [archived] } } },
  ];
  renderApp({ path: "/advertiser", mocks });

  await userEvent.click(await screen.findByRole("button", { name: "Duplicate Spring Sale" }));
  const dialog = await screen.findByRole("dialog", { name: "Duplicate campaign" });
  expect(await within(dialog).findByText("3 of 4 creatives are copied: the rejected one, “Old art”, is left out.")).toBeVisible();
  await userEvent.click(within(dialog).getByRole("button", { name: "Duplicate" }));
  expect(await screen.findByRole("article", { name: "Spring Sale (copy)" })).toBeVisible();
  expect(screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"))).toEqual(["Spring Sale (copy)", "Spring Sale"]);

  await userEvent.click(screen.getByRole("button", { name: "Archive Spring Sale" }));
  expect(await screen.findByText("Campaign archived")).toBeVisible();
  expect(screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"))).toEqual(["Spring Sale (copy)"]);

  await userEvent.click(screen.getByRole("checkbox", { name: "Show archived" }));
  const archivedList = await screen.findByRole("region", { name: "Archived campaigns" });
  const card = await within(archivedList).findByRole("article", { name: "Spring Sale" });
  expect(within(card).getByRole("button", { name: "Unarchive Spring Sale" })).toBeVisible();
  expect(within(card).queryByRole("button", { name: "Edit Spring Sale" })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole("tab", { name: "Creatives" }));
  await screen.findByRole("heading", { name: "Creatives" });
  const creatives = screen.getAllByRole("article", { name: "Spring Banner" });
  expect(creatives.map((article) => within(article).getByText(/^Spring Sale/).textContent)).toEqual(["Spring Sale (copy)"]);
});
