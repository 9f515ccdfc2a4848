import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import {
  AdminCampaignsDocument,
  AdminDashboardDocument,
  AdminPublishersDocument,
  AdminSitesDocument,
  ApproveCampaignDocument,
  ApproveSiteDocument,
  MeDocument,
  RejectSiteDocument,
  SetRevenueShareDocument,
  TrafficQualityDocument,
  type AdminCampaignFragment,
  type AdminDashboardQuery,
  type AdminPublisherFragment,
  type AdminSiteFragment,
  type TrafficQualityQuery,
} from "../../../gql/graphql";
import { adminCampaign, adminSite, firstPage, listMock } from "../../../test/admin-fixtures";
import { changesUnderKeyFigures } from "../../../test/key-figures";
import { renderApp } from "../../../test/render";

const me = {
  request: { query: MeDocument },
  result: {
    data: { me: { __typename: "User" as const, id: 3, email: "root@example.com", fullName: "Rita Root", role: "ADMIN" as const } },
  },
};

const site = adminSite;
const campaign = adminCampaign;

const dashboard = (over: Partial<AdminDashboardQuery["adminStats"]> = {}) => ({
  request: { query: AdminDashboardDocument },
  result: {
    data: {
      adminStats: {
        __typename: "AdminStats" as const,
        totalUsers: 12,
        pendingSites: 1,
        pendingCampaigns: 1,
        pendingCreatives: 0,
        activeCampaigns: 3,
        requestedPayouts: 0,
        awaitedTransfers: 0,
        monthlyRevenue: 1234.5,
        monthlyRevenueChange: -8.4,
        ...over,
      },
    } satisfies AdminDashboardQuery,
  },
});

const sites = (list: AdminSiteFragment[] = [site()]) => listMock(AdminSitesDocument, "sites", firstPage({ status: "PENDING" }), list);
const campaigns = (list: AdminCampaignFragment[] = [campaign()]) => listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: "PENDING" }), list);

jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "admin-token");
});

test("the figures are live and pending work is counted from the counts, not the lists", async () => {
  renderApp({ path: "/admin", mocks: [me, dashboard({ pendingSites: 4, pendingCampaigns: 2, pendingCreatives: 3, requestedPayouts: 5, awaitedTransfers: 2 }), sites()] });

  const figures = await screen.findByRole("region", { name: "Key figures" });
  expect(within(figures).getByText("12")).toBeVisible();
  expect(within(figures).getByText("$1,234.50")).toBeVisible();
  expect(await changesUnderKeyFigures()).toEqual({
    "Total Users": null,
    "Pending Sites": null,
    "Active Campaigns": null,
    "Advertiser spend": "\u22128.40% vs last month",
  });
  expect(screen.getByText("Network Administration Panel")).toBeVisible();
  expect(screen.getByRole("tab", { name: "Review 9 waiting" })).toBeVisible();
  // Payout requests and the bank transfers waiting to be recorded are both the Money tabs' work.
  expect(screen.getByRole("tab", { name: "Money 7 waiting" })).toBeVisible();
  expect(screen.getByRole("tab", { name: "Sites 4 pending" })).toBeVisible();
  expect(screen.getByRole("tab", { name: "Campaigns 2 pending" })).toBeVisible();
  expect(screen.getByRole("tab", { name: "Creatives 3 pending" })).toBeVisible();
  const card = await screen.findByRole("article", { name: "Tech Daily" });
  expect(within(card).getByText("Jan 5, 2025")).toBeVisible();
});

test("a failed load says so", async () => {
  renderApp({ path: "/admin", mocks: [me, { request: { query: AdminDashboardDocument }, error: new Error("down") }] });

  expect(await screen.findByText("Failed to load admin data", { selector: "[data-part=title]" })).toBeVisible();
});

test("rejecting a site requires a reason and then sends it", async () => {
  const reason = "Copied content";
  const mocks = [
    me,
    dashboard(),
    sites(),
    {
      request: { query: RejectSiteDocument, variables: { id: 10, reason } },
      result: { data: { rejectSite: site({ status: "REJECTED", rejectionReason: reason, nextActions: [] }) } },
    },
  ];
  renderApp({ path: "/admin", mocks });
  const card = await screen.findByRole("article", { name: "Tech Daily" });

  await userEvent.click(within(card).getByRole("button", { name: "Reject" }));
  const dialog = await screen.findByRole("dialog", { name: /Reject site/ });
  await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
  expect(within(dialog).getByText("Reason is required")).toBeVisible();

  await userEvent.type(within(dialog).getByLabelText(/Reason/), reason);
  await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));

  expect(await screen.findByText("Site rejected")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  // Decided, it leaves the tab's default list: the sites waiting for review.
  await waitFor(() => expect(screen.queryByRole("article", { name: "Tech Daily" })).not.toBeInTheDocument());
});

test("a site approved under the Pending filter, where the tab opens, leaves that list and its badge at once, from the answer alone", async () => {
  const gadget = site({ id: 11, name: "Gadget Weekly" });
  const mocks = [
    me,
    dashboard({ pendingSites: 2 }),
    sites([site(), gadget]),
    { request: { query: ApproveSiteDocument, variables: { id: 10 } }, result: { data: { approveSite: site({ status: "APPROVED", nextActions: ["REJECT"] }) } } },
  ];
  renderApp({ path: "/admin", mocks });

  expect(await screen.findByRole("combobox", { name: "Status" })).toHaveDisplayValue("Pending");
  await userEvent.click(within(await screen.findByRole("article", { name: "Tech Daily" })).getByRole("button", { name: "Approve" }));

  expect(await screen.findByText("Site approved successfully")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("article", { name: "Tech Daily" })).not.toBeInTheDocument());
  expect(screen.getByRole("article", { name: "Gadget Weekly" })).toBeVisible();
  expect(screen.getByRole("tab", { name: /^Sites/ })).toHaveTextContent("1");
  expect(screen.getByText("1–1 of 1 sites")).toBeVisible();
});

test("approving a campaign confirms it, takes it off the Pending list, and offers Pause afterwards", async () => {
  const active = campaign({ status: "ACTIVE", nextActions: ["REJECT", "PAUSE"] });
  const mocks = [
    me,
    dashboard(),
    sites(),
    campaigns(),
    { request: { query: ApproveCampaignDocument, variables: { id: 20 } }, result: { data: { approveCampaign: active } } },
    listMock(AdminCampaignsDocument, "campaigns", firstPage({ status: null }), [active]),
  ];
  renderApp({ path: "/admin", mocks });

  await userEvent.click(await screen.findByRole("tab", { name: /^Campaigns/ }));
  const card = await screen.findByRole("article", { name: "Spring Sale" });
  await userEvent.click(within(card).getByRole("button", { name: "Approve" }));

  expect(await screen.findByText("Campaign approved successfully")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("article", { name: "Spring Sale" })).not.toBeInTheDocument());
  // Its own answer moved the badge: no pending campaign is left to count.
  expect(screen.getByRole("tab", { name: /^Campaigns/ })).not.toHaveTextContent(/\d/);
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "All statuses");
  const approved = await screen.findByRole("article", { name: "Spring Sale" });
  expect(await within(approved).findByRole("button", { name: "Pause" })).toBeVisible();
  expect(within(approved).getByRole("button", { name: "Reject" })).toBeVisible();
  expect(within(approved).queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
});

test("a failed approval uses the fixed message", async () => {
  const mocks = [
    me,
    dashboard(),
    sites(),
    campaigns(),
    { request: { query: ApproveCampaignDocument, variables: { id: 20 } }, error: new Error("boom") },
  ];
  renderApp({ path: "/admin", mocks });

  await userEvent.click(await screen.findByRole("tab", { name: /^Campaigns/ }));
  await userEvent.click(within(await screen.findByRole("article", { name: "Spring Sale" })).getByRole("button", { name: "Approve" }));

  expect(await screen.findByText("Failed to approve campaign")).toBeVisible();
});

const publisher = (over: Partial<AdminPublisherFragment> = {}): AdminPublisherFragment => ({
  __typename: "PublisherAccount",
  id: 7,
  email: "pat@example.com",
  fullName: "Pat Page",
  revenueSharePercent: 70,
  customRevenueShare: false,
  createdAt: "2025-01-02T09:00:00.000Z",
  ...over,
});

const publishers = (list: AdminPublisherFragment[]) => listMock(AdminPublishersDocument, "publishers", firstPage(), list);

async function openPublisherRow() {
  await userEvent.click(await screen.findByRole("tab", { name: "People" }));
  await userEvent.click(await screen.findByRole("tab", { name: "Publishers" }));
  return within(await screen.findByRole("table", { name: "Publishers" })).findByRole("row", { name: /Pat Page/ });
}

test("a revenue share outside 1 to 85 is refused before anything is sent", async () => {
  const sent = jest.fn(() => ({ data: { setRevenueShare: publisher({ revenueSharePercent: 86 }) } }));
  const tooHigh = { request: { query: SetRevenueShareDocument, variables: { publisherId: 7, percent: 86 } }, result: sent };
  renderApp({ path: "/admin", mocks: [me, dashboard(), sites(), publishers([publisher()]), tooHigh] });
  const row = await openPublisherRow();
  expect(within(row).getByText("70%")).toBeVisible();
  expect(within(row).queryByText("custom")).not.toBeInTheDocument();

  const input = within(row).getByLabelText("Revenue share % for Pat Page");
  for (const bad of ["86", "0", "12.5"]) {
    await userEvent.clear(input);
    await userEvent.type(input, bad);
    await userEvent.click(within(row).getByRole("button", { name: "Save" }));
    expect(within(row).getByText("Enter a whole percent from 1 to 85")).toBeVisible();
  }
  expect(sent).not.toHaveBeenCalled();
  expect(screen.queryByText("Revenue share updated")).not.toBeInTheDocument();
});

test("saving a revenue share confirms it and shows the reloaded share as custom", async () => {
  const mocks = [
    me,
    dashboard(),
    sites(),
    publishers([publisher()]),
    {
      request: { query: SetRevenueShareDocument, variables: { publisherId: 7, percent: 60 } },
      result: { data: { setRevenueShare: publisher({ revenueSharePercent: 60, customRevenueShare: true }) } },
    },
    publishers([publisher({ revenueSharePercent: 60, customRevenueShare: true })]),
  ];
  renderApp({ path: "/admin", mocks });
  const row = await openPublisherRow();

  const input = within(row).getByLabelText("Revenue share % for Pat Page");
  await userEvent.clear(input);
  await userEvent.type(input, "60");
  await userEvent.click(within(row).getByRole("button", { name: "Save" }));

  expect(await screen.findByText("Revenue share updated")).toBeVisible();
  const reloaded = screen.getByRole("row", { name: /Pat Page/ });
  expect(await within(reloaded).findByText("60%")).toBeVisible();
  expect(within(reloaded).getByText("custom")).toBeVisible();
});

test("a refused revenue share shows the server's reason", async () => {
  const mocks = [
    me,
    dashboard(),
    sites(),
    publishers([publisher()]),
    {
      request: { query: SetRevenueShareDocument, variables: { publisherId: 7, percent: 50 } },
      result: { errors: [new GraphQLError("Publisher not found", { extensions: { code: "NOT_FOUND" } })] },
    },
  ];
  renderApp({ path: "/admin", mocks });
  const row = await openPublisherRow();

  const input = within(row).getByLabelText("Revenue share % for Pat Page");
  await userEvent.clear(input);
  await userEvent.type(input, "50");
  await userEvent.click(within(row).getByRole("button", { name: "Save" }));

  expect(await screen.findByText("Publisher not found")).toBeVisible();
});

const trafficQuality = (quality: Partial<TrafficQualityQuery["trafficQuality"]> = {}) => ({
  // Over the report's range, whichever the presets make of today.
  request: { query: TrafficQualityDocument, variables: () => true },
  result: {
    data: {
      trafficQuality: {
        __typename: "TrafficQuality" as const,
        impressions: 9000,
        clicks: 120,
        invalidEvents: 880,
        invalidShare: 8.7,
        byReason: [
          { __typename: "InvalidTrafficReason" as const, event: "impression", reason: "bot", events: 800, share: 7.91 },
          { __typename: "InvalidTrafficReason" as const, event: "click", reason: "too_fast", events: 80, share: 0.79 },
        ],
        ...quality,
      },
    } satisfies TrafficQualityQuery,
  },
});

test("analytics shows counted and refused traffic with each reason in words", async () => {
  renderApp({ path: "/admin", mocks: [me, dashboard(), trafficQuality()] });

  await userEvent.click(await screen.findByRole("tab", { name: "System" }));

  const figures = await screen.findByRole("region", { name: "Traffic quality" });
  expect(within(figures).getByText("9,000")).toBeVisible();
  expect(within(figures).getByText("120")).toBeVisible();
  expect(within(figures).getByText("880")).toBeVisible();
  expect(within(figures).getByText("8.70%")).toBeVisible();
  const table = screen.getByRole("table", { name: "Refused events by reason" });
  const bots = within(table).getByRole("row", { name: /Bot or crawler/ });
  expect(within(bots).getByText("impression")).toBeVisible();
  expect(within(bots).getByText("800")).toBeVisible();
  expect(within(bots).getByText("7.91%")).toBeVisible();
  expect(within(table).getByRole("row", { name: /Clicked too soon after the ad showed/ })).toHaveTextContent("0.79%");
});

test("analytics says so when there is no traffic yet", async () => {
  const none = trafficQuality({ impressions: 0, clicks: 0, invalidEvents: 0, invalidShare: 0, byReason: [] });
  renderApp({ path: "/admin", mocks: [me, dashboard(), none] });

  await userEvent.click(await screen.findByRole("tab", { name: "System" }));

  expect(await screen.findByText("No traffic in this range")).toBeVisible();
  expect(screen.queryByText("Coming soon")).not.toBeInTheDocument();
});

test("/admin/analytics opens the Analytics tab in the System group, and choosing another tab puts that one in the address", async () => {
  const { router } = renderApp({ path: "/admin/analytics", mocks: [me, dashboard(), trafficQuality()] });

  expect(await screen.findByRole("tab", { name: "System", selected: true })).toBeVisible();
  expect(screen.getByRole("tab", { name: "Analytics", selected: true })).toBeVisible();
  expect(await screen.findByRole("region", { name: "Traffic quality" })).toBeVisible();

  await userEvent.click(screen.getByRole("tab", { name: "Outbox" }));

  expect(router.state.location.pathname).toBe("/admin/outbox");
});

const tabsIn = (list: HTMLElement) => within(list).getAllByRole("tab").map((tab) => tab.textContent?.trim());

test("the tabs come in four groups, each showing only its own tabs; a group opens on its first tab", async () => {
  const { router } = renderApp({ path: "/admin", mocks: [me, dashboard({ requestedPayouts: 2, awaitedTransfers: 1 }), sites()] });

  const groups = await screen.findByRole("tablist", { name: "Admin sections" });
  expect(tabsIn(groups)).toEqual(["Review 2", "Money 3", "People", "System"]);
  expect(tabsIn(screen.getByRole("tablist", { name: "Review" }))).toEqual([
    "Sites 1",
    "Campaigns 1",
    "Creatives",
    "Bookings",
  ]);

  await userEvent.click(screen.getByRole("tab", { name: /^Money/ }));

  expect(router.state.location.pathname).toBe("/admin/payouts");
  expect(tabsIn(await screen.findByRole("tablist", { name: "Money" }))).toEqual([
    "Payouts 2",
    "Statements",
    "Finance 1",
  ]);
  expect(screen.getByRole("tab", { name: "Finance 1 transfers awaited" })).toBeVisible();
  // The Review tabs leave as the Money tabs come: the lazily loaded tab may keep them a moment longer.
  await waitFor(() => expect(screen.queryByRole("tablist", { name: "Review" })).not.toBeInTheDocument());
});
