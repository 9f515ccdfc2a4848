import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { ArchiveAdZoneDocument, ArchiveSiteDocument, UpdateAdZoneDocument, UpdateSiteDocument } from "../../../gql/graphql";
import { dashboard, me, site, zone } from "../../../test/publisher-fixtures";
import { findFormDialog } from "../../../test/dialogs";
import { LAZY_LOAD, renderApp } from "../../../test/render";

// Every test answers the dashboard once: a whole-dashboard refetch after an edit would find no answer and fail the load.
jest.setTimeout(30_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "publisher-token");
});

const approved = site({ id: 10, name: "Tech Daily", status: "APPROVED" });
const topBanner = zone({ id: 5, siteId: 10, siteName: "Tech Daily", name: "Top banner" });

async function openZones() {
  await userEvent.click(await screen.findByRole("tab", { name: "Ad Zones" }, LAZY_LOAD));
  return screen.findByRole("article", { name: "Top banner" }, LAZY_LOAD);
}

test("a zone card shows this month's impressions, clicks, revenue and fill rate", async () => {
  const counted = zone({ monthlyImpressions: 12_345, monthlyClicks: 67, monthlyRevenue: 8.9, monthlyFillRate: 87.5 });
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [approved], myAdZones: [counted] })] });

  const figures = within(await openZones()).getByRole("group", { name: "Top banner this month" });
  expect(within(figures).getByText("Impressions").nextSibling).toHaveTextContent("12,345");
  expect(within(figures).getByText("Clicks").nextSibling).toHaveTextContent("67");
  expect(within(figures).getByText("Publisher earnings").closest("p")!.nextSibling).toHaveTextContent("$8.90");
  expect(within(figures).getByText("Fill Rate").nextSibling).toHaveTextContent("87.50%");
});

test("editing a zone offers the standard sizes, and the card shows the server's answer without reloading the dashboard", async () => {
  const input = { name: "Top banner", width: 300, height: 250, format: "banner", position: "header", floor: 0, presentation: "inline", nativeTemplate: "", adCount: 1, layout: "grid", houseItems: [], midrollOffsets: [] };
  const saved = { ...topBanner, width: 300, height: 250, adTag: '<ins data-width="300"></ins>' };
  renderApp({
    path: "/publisher",
    mocks: [me, dashboard({ mySites: [approved], myAdZones: [topBanner] }), { request: { query: UpdateAdZoneDocument, variables: { id: 5, input } }, result: { data: { updateAdZone: saved } } }],
  });

  await userEvent.click(within(await openZones()).getByRole("button", { name: "Edit Top banner" }));
  const dialog = await findFormDialog("Edit Top banner");
  const size = within(dialog).getByLabelText("Size");
  expect(size).toHaveDisplayValue("Leaderboard (728×90)");
  expect(within(size).getByRole("option", { name: "Custom" })).toBeInTheDocument();
  await userEvent.selectOptions(size, "Medium Rectangle (300×250)");
  expect(within(dialog).getByLabelText(/Width/)).toHaveValue(300);
  expect(within(dialog).getByLabelText(/Height/)).toHaveValue(250);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText("Ad zone saved")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(within(screen.getByRole("article", { name: "Top banner" })).getByText("300x250")).toBeVisible();
  expect(screen.queryByText("Failed to load dashboard data")).not.toBeInTheDocument();
});

test("a size typed by hand is Custom, and the server's bounds still apply", async () => {
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [approved], myAdZones: [topBanner] })] });

  await userEvent.click(within(await openZones()).getByRole("button", { name: "Edit Top banner" }));
  const dialog = await findFormDialog("Edit Top banner");
  await userEvent.clear(within(dialog).getByLabelText(/Width/));
  await userEvent.type(within(dialog).getByLabelText(/Width/), "2001");

  expect(within(dialog).getByLabelText("Size")).toHaveDisplayValue("Custom");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
  expect(within(dialog).getByText("Width must be from 1 to 2000")).toBeVisible();
});

test("removing a zone asks first, and its card leaves once the server agrees", async () => {
  const other = zone({ id: 6, name: "Sidebar" });
  renderApp({
    path: "/publisher",
    mocks: [me, dashboard({ mySites: [approved], myAdZones: [topBanner, other] }), { request: { query: ArchiveAdZoneDocument, variables: { id: 5 } }, result: { data: { archiveAdZone: { __typename: "AdZone", id: 5 } } } }],
  });

  await userEvent.click(within(await openZones()).getByRole("button", { name: "Remove Top banner" }));
  const confirm = await screen.findByRole("dialog", { name: "Remove ad zone" });
  expect(within(confirm).getByText(/Remove Top banner from Tech Daily\? Its tag stops showing ads at once/)).toBeVisible();
  await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
  expect(screen.getByRole("article", { name: "Top banner" })).toBeVisible();

  await userEvent.click(within(screen.getByRole("article", { name: "Top banner" })).getByRole("button", { name: "Remove Top banner" }));
  await userEvent.click(within(await screen.findByRole("dialog", { name: "Remove ad zone" })).getByRole("button", { name: "Remove" }));

  expect(await screen.findByText("Top banner removed")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("article", { name: "Top banner" })).not.toBeInTheDocument());
  expect(screen.getByRole("article", { name: "Sidebar" })).toBeVisible();
});

test("removing a site says its zones stop too, and takes them off the Ad Zones tab", async () => {
  renderApp({
    path: "/publisher",
    mocks: [me, dashboard({ mySites: [approved], myAdZones: [topBanner] }), { request: { query: ArchiveSiteDocument, variables: { id: 10 } }, result: { data: { archiveSite: { __typename: "Site", id: 10 } } } }],
  });

  await userEvent.click(within(await screen.findByRole("article", { name: "Tech Daily" }, LAZY_LOAD)).getByRole("button", { name: "Remove Tech Daily" }));
  const confirm = await screen.findByRole("dialog", { name: "Remove site" });
  expect(within(confirm).getByText(/Its ad zone stops showing ads at once\. Its past figures stay in your reports/)).toBeVisible();
  await userEvent.click(within(confirm).getByRole("button", { name: "Remove" }));

  expect(await screen.findByText("Tech Daily removed")).toBeVisible();
  expect(await screen.findByText("No sites yet")).toBeVisible();
  await userEvent.click(screen.getByRole("tab", { name: "Ad Zones" }));
  expect(await screen.findByText("You need approved sites first")).toBeVisible();
});

test("editing a site fills the add form with it, and a new domain's answer says it went back to review", async () => {
  const input = { domain: "moved.example.com", name: "Tech Weekly", category: "technology", description: "Gadget news", blockedCategories: [], blockedDomains: [] };
  const answer = { ...approved, ...input, status: "PENDING" as const };
  renderApp({
    path: "/publisher",
    mocks: [me, dashboard({ mySites: [approved], myAdZones: [topBanner] }), { request: { query: UpdateSiteDocument, variables: { id: 10, input } }, result: { data: { updateSite: answer } } }],
  });

  await userEvent.click(within(await screen.findByRole("article", { name: "Tech Daily" }, LAZY_LOAD)).getByRole("button", { name: "Edit Tech Daily" }));
  const dialog = await findFormDialog("Edit Tech Daily");
  expect(within(dialog).getByText("Changing the domain sends the site back to review.")).toBeVisible();
  const domain = within(dialog).getByLabelText(/Domain/);
  expect(domain).toHaveValue("techdaily.example.com");
  await userEvent.clear(domain);
  await userEvent.type(domain, input.domain);
  await userEvent.clear(within(dialog).getByLabelText(/Site name/));
  await userEvent.type(within(dialog).getByLabelText(/Site name/), input.name);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByText("Site saved and sent for review")).toBeVisible();
  const card = await screen.findByRole("article", { name: "Tech Weekly" });
  expect(within(card).getByText("moved.example.com")).toBeVisible();
  expect(within(card).getByText("pending")).toBeVisible();
  await userEvent.click(screen.getByRole("tab", { name: "Ad Zones" }));
  expect(within(await screen.findByRole("article", { name: "Top banner" }, LAZY_LOAD)).getByText("Tech Weekly")).toBeVisible();
});

test("a site edit the server refuses shows why under the field and keeps the dialog open", async () => {
  const input = { domain: "taken.example.com", name: "Tech Daily", category: "technology", description: "Gadget news", blockedCategories: [], blockedDomains: [] };
  const refusal = new GraphQLError("You have already added taken.example.com", { extensions: { code: "CONFLICT", field: "domain" } });
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [approved] }), { request: { query: UpdateSiteDocument, variables: { id: 10, input } }, result: { errors: [refusal] } }] });

  await userEvent.click(within(await screen.findByRole("article", { name: "Tech Daily" }, LAZY_LOAD)).getByRole("button", { name: "Edit Tech Daily" }));
  const dialog = await findFormDialog("Edit Tech Daily");
  await userEvent.clear(within(dialog).getByLabelText(/Domain/));
  await userEvent.type(within(dialog).getByLabelText(/Domain/), input.domain);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

  await waitFor(() => expect(within(dialog).getByLabelText(/Domain/)).toHaveAccessibleErrorMessage("You have already added taken.example.com"));
  expect(screen.getByRole("dialog", { name: "Edit Tech Daily" })).toBeVisible();
});
