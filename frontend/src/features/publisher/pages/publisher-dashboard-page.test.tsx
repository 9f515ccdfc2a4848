import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import {
  CreateSiteDocument,
  PublisherDashboardDocument,
  PublisherLiveListsDocument,
  RequestPayoutDocument,
  MyStatementsDocument,
  SetPayoutMethodDocument,
  type PublisherDashboardQuery,
  type PublisherPayoutMethodFragment,
} from "../../../gql/graphql";
import { changesUnderKeyFigures } from "../../../test/key-figures";
import { balanceOf, dashboard, me, site, zone as zoneFixture } from "../../../test/publisher-fixtures";
import { renderApp } from "../../../test/render";
import { findFormDialog } from "../../../test/dialogs";

/** The small lists' answer, asked again after a payout request or a new payout method changes the balance. */
const liveLists = (over: Partial<PublisherDashboardQuery> = {}) => {
  const { mySites, myBalance, myPayouts } = dashboard(over).result.data;
  return { request: { query: PublisherLiveListsDocument }, result: { data: { mySites, myBalance, myPayouts } } };
};

const bankAccount: PublisherPayoutMethodFragment = {
  __typename: "PayoutMethod",
  type: "BANK_TRANSFER",
  label: "Bank transfer (IBAN)",
  masked: "DE89 **** **** 3000",
  accountHolder: "Pat Lee",
};

const noStatements = { request: { query: MyStatementsDocument }, result: { data: { myStatements: [] } } };

const newSite = { domain: "cooking.example.com", name: "Home Cooking", category: "lifestyle", description: "Recipes for every day", blockedCategories: [], blockedDomains: [] };

async function submitNewSite(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText(/Domain/), newSite.domain);
  await userEvent.type(within(dialog).getByLabelText(/Site name/), newSite.name);
  await userEvent.selectOptions(within(dialog).getByLabelText(/Category/), "lifestyle");
  await userEvent.type(within(dialog).getByLabelText(/Description/), newSite.description);
  await userEvent.click(within(dialog).getByRole("button", { name: "Submit for Approval" }));
}

// Filling a whole form with realistic typing takes a few seconds in jsdom.
jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "publisher-token");
});

test("the figures come from the server and the user is greeted by name", async () => {
  renderApp({ path: "/publisher", mocks: [me, dashboard()] });

  const figures = await screen.findByRole("region", { name: "Key figures" });
  expect(within(figures).getByText("154,000")).toBeVisible();
  expect(within(figures).getByText("1.50%")).toBeVisible();
  expect(within(figures).getByText("$42.50")).toBeVisible();
  expect(within(figures).getByText("95.25%")).toBeVisible();
  expect(screen.getByText("Welcome back, Pat Lee")).toBeVisible();
  expect(screen.getByText("No sites yet")).toBeVisible();
});

test("each figure says how it moved against the same days of last month", async () => {
  renderApp({ path: "/publisher", mocks: [me, dashboard()] });

  expect(await changesUnderKeyFigures()).toEqual({
    Impressions: "+12.50% vs last month",
    Clicks: "\u22123.10% vs last month",
    CTR: "+0.25 pts vs last month",
    "Publisher earnings": "No data last month",
    "Fill Rate": "0.00 pts vs last month",
  });
});

test("a failed load says so", async () => {
  renderApp({
    path: "/publisher",
    mocks: [me, { request: { query: PublisherDashboardDocument }, error: new Error("network down") }],
  });

  expect(await screen.findByText("Failed to load dashboard data", { selector: "[data-part=title]" })).toBeVisible();
  expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("Add Site says which fields are missing before sending anything", async () => {
  renderApp({ path: "/publisher", mocks: [me, dashboard()] });
  await userEvent.click(await screen.findByRole("button", { name: "Add Your First Site" }));
  const dialog = await findFormDialog("Add New Site");

  await userEvent.click(within(dialog).getByRole("button", { name: "Submit for Approval" }));

  expect(within(dialog).getByText("Domain is required")).toBeVisible();
  expect(within(dialog).getByText("Site name is required")).toBeVisible();
  expect(within(dialog).getByText("Category is required")).toBeVisible();
  expect(within(dialog).getByText("Description is required")).toBeVisible();
});

test("a new site is confirmed and appears as a pending card from the answer alone", async () => {
  const created = site({ id: 11, ...newSite, monthlyImpressions: 0 });
  const mocks = [
    me,
    dashboard(),
    {
      request: { query: CreateSiteDocument, variables: { input: newSite } },
      result: { data: { createSite: created } },
    },
  ];
  renderApp({ path: "/publisher", mocks });
  await userEvent.click(await screen.findByRole("button", { name: "Add Site" }));
  const dialog = await findFormDialog("Add New Site");

  await submitNewSite(dialog);

  expect(await screen.findByText("Site submitted for approval")).toBeVisible();
  const card = await screen.findByRole("article", { name: "Home Cooking" });
  expect(within(card).getByText("cooking.example.com")).toBeVisible();
  expect(within(card).getByText("pending")).toBeVisible();
  expect(within(card).getByText("Monthly Impressions")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
});

test("a refused site shows the server's reason", async () => {
  const mocks = [
    me,
    dashboard(),
    {
      request: { query: CreateSiteDocument, variables: { input: newSite } },
      result: { errors: [new GraphQLError("You already have a site with this domain")] },
    },
  ];
  renderApp({ path: "/publisher", mocks });
  await userEvent.click(await screen.findByRole("button", { name: "Add Site" }));
  const dialog = await findFormDialog("Add New Site");

  await submitNewSite(dialog);

  expect(await screen.findByText("You already have a site with this domain")).toBeVisible();
  expect(screen.getByRole("dialog", { name: "Add New Site" })).toBeVisible();
});

test("a field the server refuses shows its message under that field", async () => {
  const refusal = new GraphQLError("Enter a domain such as example.com", { extensions: { code: "BAD_USER_INPUT", field: "domain" } });
  const mocks = [me, dashboard(), { request: { query: CreateSiteDocument, variables: { input: newSite } }, result: { errors: [refusal] } }];
  renderApp({ path: "/publisher", mocks });
  await userEvent.click(await screen.findByRole("button", { name: "Add Site" }));
  const dialog = await findFormDialog("Add New Site");

  await submitNewSite(dialog);

  const domain = within(dialog).getByLabelText(/Domain/);
  await waitFor(() => expect(domain).toHaveAccessibleErrorMessage("Enter a domain such as example.com"));
  expect(domain).toBeInvalid();
  expect(within(dialog).getByLabelText(/Site name/)).not.toBeInvalid();

  await userEvent.type(domain, "x");
  expect(domain).not.toBeInvalid();
});

test("the site form's inputs stop at the server's lengths", async () => {
  renderApp({ path: "/publisher", mocks: [me, dashboard()] });
  await userEvent.click(await screen.findByRole("button", { name: "Add Site" }));
  const dialog = await findFormDialog("Add New Site");

  expect(within(dialog).getByLabelText(/Domain/)).toHaveAttribute("maxLength", "253");
  expect(within(dialog).getByLabelText(/Site name/)).toHaveAttribute("maxLength", "120");
  expect(within(dialog).getByLabelText(/Description/)).toHaveAttribute("maxLength", "2000");
});

test("a rejected site shows why", async () => {
  renderApp({
    path: "/publisher",
    mocks: [me, dashboard({ mySites: [site({ status: "REJECTED", rejectionReason: "Too little original content" })] })],
  });

  const card = await screen.findByRole("article", { name: "Tech Daily" });
  expect(within(card).getByText("rejected")).toBeVisible();
  expect(within(card).getByText(/Too little original content/)).toBeVisible();
});

test("ad zones wait for an approved site", async () => {
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [site()] })] });

  await userEvent.click(await screen.findByRole("tab", { name: "Ad Zones" }));

  expect(await screen.findByText("You need approved sites first")).toBeVisible();
  expect(screen.getByRole("button", { name: "Add Ad Zone" })).toBeDisabled();
});

test("with an approved site the zone dialog offers only approved sites and starts at 728x90", async () => {
  const sites = [site({ id: 1, name: "Approved One", status: "APPROVED" }), site({ id: 2, name: "Waiting One" })];
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: sites })] });

  await userEvent.click(await screen.findByRole("tab", { name: "Ad Zones" }));
  await userEvent.click(await screen.findByRole("button", { name: "Add Ad Zone" }));
  const dialog = await findFormDialog("Create Ad Zone");

  const siteSelect = within(dialog).getByLabelText(/Site/);
  expect(within(siteSelect).getByRole("option", { name: /Approved One/ })).toBeInTheDocument();
  expect(within(siteSelect).queryByRole("option", { name: /Waiting One/ })).not.toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Width/)).toHaveValue(728);
  expect(within(dialog).getByLabelText(/Height/)).toHaveValue(90);
  expect(within(dialog).getByLabelText("Format")).toHaveDisplayValue("Banner");
  expect(within(dialog).getByLabelText("Position")).toHaveDisplayValue("Header");
});

test("the zone dialog picks the only approved site, and a negative size must be a positive whole number", async () => {
  const sites = [site({ id: 1, name: "Approved One", status: "APPROVED" }), site({ id: 2, name: "Waiting One" })];
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: sites })] });

  await userEvent.click(await screen.findByRole("tab", { name: "Ad Zones" }));
  await userEvent.click(await screen.findByRole("button", { name: "Add Ad Zone" }));
  const dialog = await findFormDialog("Create Ad Zone");

  expect(within(dialog).getByLabelText(/Site/)).toHaveDisplayValue(/Approved One/);
  await userEvent.type(within(dialog).getByLabelText(/Zone name/), "Top banner");
  await userEvent.clear(within(dialog).getByLabelText(/Width/));
  await userEvent.type(within(dialog).getByLabelText(/Width/), "-728");
  await userEvent.clear(within(dialog).getByLabelText(/Height/));
  await userEvent.type(within(dialog).getByLabelText(/Height/), "2.5");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Ad Zone" }));

  expect(within(dialog).getByText("Width must be a positive whole number")).toBeVisible();
  expect(within(dialog).getByText("Height must be a positive whole number")).toBeVisible();
  expect(within(dialog).queryByText("Site is required")).not.toBeInTheDocument();
});

test("with several approved sites the zone dialog asks which", async () => {
  const sites = [site({ id: 1, name: "Approved One", status: "APPROVED" }), site({ id: 3, name: "Approved Two", status: "APPROVED" })];
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: sites })] });

  await userEvent.click(await screen.findByRole("tab", { name: "Ad Zones" }));
  await userEvent.click(await screen.findByRole("button", { name: "Add Ad Zone" }));
  const dialog = await findFormDialog("Create Ad Zone");

  expect(within(dialog).getByLabelText(/Site/)).toHaveValue("");
});

test("a zone's ad tag can be copied", async () => {
  const user = userEvent.setup();
  const adTag = '<script async src="https://ads.example.net/ads.js"></script>\n<ins data-zone="5"></ins>';
  const zone = {
    __typename: "AdZone" as const,
    id: 5,
    siteId: 1,
    siteName: "Approved One",
    name: "Top banner",
    width: 728,
    height: 90,
    format: "banner",
    position: "header",
    floor: 0,
    presentation: "inline",
    nativeTemplate: null,
    adCount: 1,
    layout: "grid",
    houseItems: [],
    podSize: 2,
    breakSeconds: 30,
    midrollOffsets: [],
    shows: "Banner in the page",
    adTag,
    vastUrl: null,
    vmapUrl: null,
    monthlyImpressions: 0,
    monthlyClicks: 0,
    monthlyRevenue: 0,
    monthlyFillRate: 0,
  };
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [site({ id: 1, status: "APPROVED" })], myAdZones: [zone] })] });

  await user.click(await screen.findByRole("tab", { name: "Ad Zones" }));
  const card = await screen.findByRole("article", { name: "Top banner" });
  expect(within(card).getByText("728x90")).toBeVisible();
  await user.click(within(card).getByRole("button", { name: "Copy ad tag for Top banner" }));

  expect(await screen.findByText("Ad tag copied to clipboard")).toBeVisible();
  expect(await navigator.clipboard.readText()).toBe(adTag);
});

test("a video zone's card gives its VAST URL to copy, and a banner zone's none", async () => {
  const user = userEvent.setup();
  const vastUrl = "https://ads.example.net/vast?zone=6";
  const zones = [zoneFixture({ id: 6, name: "Pre-roll", format: "video", width: 640, height: 360, vastUrl }), zoneFixture({ id: 7, name: "Sidebar" })];
  renderApp({ path: "/publisher", mocks: [me, dashboard({ mySites: [site({ id: 1, status: "APPROVED" })], myAdZones: zones })] });

  await user.click(await screen.findByRole("tab", { name: "Ad Zones" }));
  const video = await screen.findByRole("article", { name: "Pre-roll" });
  expect(within(video).getByText(vastUrl)).toBeVisible();
  await user.click(within(video).getByRole("button", { name: "Copy VAST URL for Pre-roll" }));
  expect(await navigator.clipboard.readText()).toBe(vastUrl);
  expect(within(await screen.findByRole("article", { name: "Sidebar" })).queryByText("VAST URL")).toBeNull();
});

test("Request Payout stays disabled below the $100 minimum, and says when pending earnings become payable", async () => {
  const balance = balanceOf({ earned: 162.5, pending: 120, payable: 42.5, nextPayableAt: "2025-03-31T00:00:00.000Z", nextPayable: 120, hasPayoutMethod: true });
  renderApp({ path: "/publisher", mocks: [me, dashboard({ myBalance: balance }), noStatements] });

  await userEvent.click(await screen.findByRole("tab", { name: "Payouts" }));

  expect(await screen.findByLabelText("Payable balance")).toHaveTextContent("$42.50");
  expect(screen.getByText("Earned").nextSibling).toHaveTextContent("$162.50");
  expect(screen.getByText("Pending").nextSibling).toHaveTextContent("$120.00");
  expect(screen.getByText("$120.00 becomes payable on Mar 31, 2025.")).toBeVisible();
  expect(screen.getByText("Minimum payout: $100")).toBeVisible();
  expect(screen.getByText("You can request a payout once $100 is payable.")).toBeVisible();
  expect(screen.getByRole("button", { name: "Request Payout" })).toBeDisabled();
});

test("without a payout method the tab asks for one before a payout", async () => {
  renderApp({ path: "/publisher/payouts", mocks: [me, dashboard({ myBalance: balanceOf({ earned: 150, payable: 150 }) }), noStatements] });

  expect(await screen.findByText("Add a payout method to request a payout.")).toBeVisible();
  expect(screen.getByText(/No payout method on file yet/)).toBeVisible();
  expect(screen.getByRole("button", { name: "Request Payout" })).toBeDisabled();
});

test("a payout method is saved through the dialog, and the server's refusal shows under its field", async () => {
  const input = { type: "BANK_TRANSFER", accountHolder: "Pat Lee", iban: "DE88 3704 0044 0532 0130 00", bic: "COBADEFFXXX" };
  const refused = { request: { query: SetPayoutMethodDocument, variables: { input } }, result: { errors: [new GraphQLError("This IBAN's check digits do not match: please check it for a typing slip", { extensions: { code: "BAD_USER_INPUT", field: "iban" } })] } };
  const fixed = { ...input, iban: "DE89 3704 0044 0532 0130 00" };
  const saved = { request: { query: SetPayoutMethodDocument, variables: { input: fixed } }, result: { data: { setPayoutMethod: bankAccount } } };
  renderApp({
    path: "/publisher/payouts",
    mocks: [me, dashboard(), noStatements, refused, saved, liveLists({ myBalance: balanceOf({ hasPayoutMethod: true }) })],
  });

  await userEvent.click(await screen.findByRole("button", { name: "Add Payout Method" }));
  const dialog = await findFormDialog("Payout method");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Method" }));
  expect(within(dialog).getByText("Account holder is required")).toBeVisible();

  await userEvent.type(within(dialog).getByLabelText(/Account holder/), "Pat Lee");
  await userEvent.type(within(dialog).getByLabelText(/IBAN/), input.iban);
  await userEvent.type(within(dialog).getByLabelText(/BIC/), input.bic);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Method" }));
  expect(await within(dialog).findByText("This IBAN's check digits do not match: please check it for a typing slip")).toBeVisible();

  await userEvent.clear(within(dialog).getByLabelText(/IBAN/));
  await userEvent.type(within(dialog).getByLabelText(/IBAN/), fixed.iban);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save Method" }));

  expect(await screen.findByText("Payouts go to Bank transfer (IBAN) DE89 **** **** 3000")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(within(await screen.findByLabelText("Payout method on file")).getByText("DE89 **** **** 3000")).toBeVisible();
  expect(screen.getByRole("button", { name: "Change Payout Method" })).toBeVisible();
});

test("the publisher's statements are listed with PDF and CSV downloads", async () => {
  const statement = {
    __typename: "Statement" as const,
    id: 7,
    kind: "STATEMENT" as const,
    number: "STM-2025-000007",
    month: "2025-02",
    total: 88.4,
    closingBalance: 130.9,
    issuedAt: "2025-03-01T00:30:00.000Z",
    pdfPath: "/api/statements/7.pdf",
    csvPath: "/api/statements/7.csv",
  };
  renderApp({ path: "/publisher/payouts", mocks: [me, dashboard(), { request: { query: MyStatementsDocument }, result: { data: { myStatements: [statement] } } }] });

  const table = await screen.findByRole("table", { name: "Statements" });
  const row = within(table).getByRole("row", { name: /STM-2025-000007/ });
  expect(within(row).getByText("2025-02")).toBeVisible();
  expect(within(row).getByText("$88.40")).toBeVisible();
  expect(within(row).getByText("$130.90")).toBeVisible();
  expect(within(row).getByRole("button", { name: "Download STM-2025-000007 as PDF" })).toBeVisible();
  expect(within(row).getByRole("button", { name: "Download STM-2025-000007 as CSV" })).toBeVisible();
});

test("a tab's own address opens it, and choosing another tab puts that one in the address", async () => {
  const { router } = renderApp({ path: "/publisher/payouts", mocks: [me, dashboard(), noStatements] });

  expect(await screen.findByRole("tab", { name: "Payouts", selected: true })).toBeVisible();
  expect(screen.getByLabelText("Payable balance")).toHaveTextContent("$42.50");

  await userEvent.click(screen.getByRole("tab", { name: "Ad Zones" }));

  expect(router.state.location.pathname).toBe("/publisher/zones");
  expect(await screen.findByRole("tab", { name: "Ad Zones", selected: true })).toBeVisible();
  expect(await screen.findByText("You need approved sites first")).toBeVisible();
});

test("an unknown tab in the address falls back to My Sites at /publisher", async () => {
  const { router } = renderApp({ path: "/publisher/no-such-tab", mocks: [me, dashboard()] });

  expect(await screen.findByRole("tab", { name: "My Sites", selected: true })).toBeVisible();
  await waitFor(() => expect(router.state.location.pathname).toBe("/publisher"));
  expect(screen.getByText("No sites yet")).toBeVisible();
});

test("a payout can be requested once the balance allows it", async () => {
  const balance = balanceOf({ earned: 150, payable: 150, hasPayoutMethod: true, canRequestPayout: true });
  const payout = {
    __typename: "Payout" as const,
    id: 3,
    amount: 150,
    status: "REQUESTED" as const,
    createdAt: "2025-02-01T09:00:00.000Z",
    paidAt: null,
    method: { __typename: "PayoutMethod" as const, label: "Bank transfer (IBAN)", masked: "DE89 **** **** 3000" },
    paidReference: null,
  };
  const mocks = [
    me,
    dashboard({ myBalance: balance, myPayoutMethod: bankAccount }),
    noStatements,
    { request: { query: RequestPayoutDocument }, result: { data: { requestPayout: payout } } },
    liveLists({ myBalance: { ...balance, payable: 0, requested: 150, canRequestPayout: false }, myPayouts: [payout] }),
  ];
  renderApp({ path: "/publisher", mocks });

  await userEvent.click(await screen.findByRole("tab", { name: "Payouts" }));
  await userEvent.click(await screen.findByRole("button", { name: "Request Payout" }));

  expect(await screen.findByText("Payout of $150.00 requested")).toBeVisible();
  const history = await screen.findByRole("table", { name: "Payout history" });
  expect(within(history).getByText("requested")).toBeVisible();
  expect(within(history).getByText("Bank transfer (IBAN) DE89 **** **** 3000")).toBeVisible();
  expect(screen.getByRole("button", { name: "Request Payout" })).toBeDisabled();
  expect(screen.getByText("Your request of $150.00 is waiting to be paid; you can request again once it is.")).toBeVisible();
});
