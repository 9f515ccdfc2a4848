import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toIsoDay } from "../../../components/format";
import { CreateCampaignDocument, MyStatementsDocument, PauseCampaignDocument, RequestDepositDocument, SetBillingAddressDocument } from "../../../gql/graphql";
import { changesUnderKeyFigures } from "../../../test/key-figures";
import { renderApp } from "../../../test/render";
import { snippetText } from "../../../test/snippet-text";
import { campaign, dashboard, depositRequest, me, myFunds } from "../test/advertiser-mocks";
import { findFormDialog } from "../../../test/dialogs";
import { targetingAnswer } from "../../../test/admin-fixtures";
import { formBounds, formOptionsMock } from "../../../test/form-options-mock";

jest.setTimeout(15_000);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem("token", "advertiser-token");
});

async function openCampaignDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Create Campaign" }));
  return findFormDialog("Create Campaign");
}

test("each figure says how it moved against the same days of last month", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard()] });

  expect(await changesUnderKeyFigures()).toEqual({
    Impressions: "+40.00% vs last month",
    Clicks: "\u221212.50% vs last month",
    CTR: "\u22120.40 pts vs last month",
    Spend: "+25.00% vs last month",
    Conversions: "No data last month",
  });
});

test("campaign cards show delivery, a two-decimal CTR and their settings in words", async () => {
  const capped = campaign({
    frequencyCaps: [{ __typename: "FrequencyCapView", count: 3, per: "day" }],
    targeting: targetingAnswer({ dayParting: { __typename: "DayParting", timeZone: "Europe/Paris", days: [6, 7], hours: [18, 19, 20] } }),
  });
  renderApp({ path: "/advertiser", mocks: [me, dashboard({ myCampaigns: [capped] })] });

  const card = await screen.findByRole("article", { name: "Spring Sale" });
  expect(within(card).getByText("$1,000.00")).toBeVisible();
  expect(await within(card).findByText("CPM $3.50 per thousand impressions")).toBeVisible();
  expect(within(card).getByText("Weekends 18:00–21:00 Europe/Paris")).toBeVisible();
  expect(within(card).getByText("3 a day per visitor")).toBeVisible();
  expect(within(card).getByText("1.25%")).toBeVisible();
  expect(within(card).getByText("United States, Germany")).toBeVisible();
  expect(within(card).getByText("active")).toBeVisible();
});

test("a campaign's conversion pixel waits behind a button, and once shown can be copied", async () => {
  const user = userEvent.setup();
  renderApp({ path: "/advertiser", mocks: [me, dashboard({ myCampaigns: [campaign()] })] });

  const card = await screen.findByRole("article", { name: "Spring Sale" });
  const pixel = '<img src="https://ads.example.net/t/conversion?campaign=20&sig=abc" width="1" height="1" alt="" style="display:none">';
  expect(within(card).queryByText(snippetText(pixel))).not.toBeInTheDocument();
  await user.click(within(card).getByRole("button", { name: "Show conversion pixel" }));
  expect(within(card).getByText(snippetText(pixel))).toBeVisible();
  expect(within(card).getByRole("button", { name: "Hide conversion pixel" })).toHaveAttribute("aria-expanded", "true");
  await user.click(within(card).getByRole("button", { name: "Copy conversion pixel for Spring Sale" }));

  expect(await screen.findByText("Conversion pixel copied to clipboard")).toBeVisible();
  expect(await navigator.clipboard.readText()).toBe(pixel);
});

test("a campaign with no clicks has a CTR of 0", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard({ myCampaigns: [campaign({ clicks: 0, impressions: 0, ctr: 0, status: "PENDING", nextActions: [] })] })] });

  const card = await screen.findByRole("article", { name: "Spring Sale" });
  expect(within(card).getByText("0.00%")).toBeVisible();
  expect(within(card).queryByRole("button", { name: /Pause|Resume/ })).not.toBeInTheDocument();
});

test("the campaign form starts today, ends thirty days later and requires its numbers", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard()] });
  const dialog = await openCampaignDialog();

  const today = new Date();
  expect(within(dialog).getByLabelText(/Start date/)).toHaveValue(toIsoDay(today));
  expect(within(dialog).getByLabelText(/End date/)).toHaveValue(toIsoDay(new Date(today.getTime() + 2592000000)));
  expect(within(dialog).getByLabelText(/Budget/)).toHaveAttribute("step", "0.01");
  expect(within(dialog).getByLabelText(/Price per 1,000 impressions/)).toHaveAttribute("step", "0.01");

  await userEvent.click(within(dialog).getByRole("button", { name: "Create Campaign" }));

  expect(within(dialog).getByText("Campaign name is required")).toBeVisible();
  expect(within(dialog).getByText("Budget is required")).toBeVisible();
  expect(within(dialog).getByText("Price per 1,000 impressions is required")).toBeVisible();
});

test("the budget must be at least $500 and the end may not come before the start", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard()] });
  const dialog = await openCampaignDialog();

  await userEvent.type(within(dialog).getByLabelText(/Campaign name/), "Tiny");
  await userEvent.type(within(dialog).getByLabelText(/Budget/), "499.99");
  await userEvent.type(within(dialog).getByLabelText(/Price per 1,000 impressions/), "2.5");
  fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: "2030-06-10" } });
  fireEvent.change(within(dialog).getByLabelText(/End date/), { target: { value: "2030-06-09" } });
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Campaign" }));

  expect(within(dialog).getByText("Budget must be at least $500")).toBeVisible();
  expect(within(dialog).getByText("The end date can't be before the start date")).toBeVisible();
  expect(within(dialog).queryByText("Price per 1,000 impressions is required")).not.toBeInTheDocument();
});

test("the campaign form's minimum budget is the one the server serves", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard(), formOptionsMock({ minCampaignBudget: 750 })] });
  const dialog = await openCampaignDialog();

  const budget = within(dialog).getByLabelText(/Budget/);
  expect(budget).toHaveAttribute("min", "750");
  expect(within(dialog).getByText("At least $750")).toBeVisible();
  await userEvent.type(within(dialog).getByLabelText(/Campaign name/), "Small");
  await userEvent.type(budget, "749.99");
  await userEvent.type(within(dialog).getByLabelText(/Price per 1,000 impressions/), "2.5");
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Campaign" }));

  expect(within(dialog).getByText("Budget must be at least $750")).toBeVisible();
});

test("the campaign form offers the countries the server serves, by name", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard()] });
  const dialog = await openCampaignDialog();

  const countries = within(dialog).getByRole("group", { name: "Target countries" });
  expect(within(countries).getAllByRole("checkbox").map((box) => box.closest("label")?.textContent)).toEqual([
    "United States",
    "United Kingdom",
    "Canada",
    "Germany",
    "Japan",
  ]);
});

test("a campaign card names its countries as the campaign form does, whatever the browser's own list says", async () => {
  // The server and each browser carry their own copy of the Unicode names, of different ages: the
  // server here names Türkiye otherwise than this browser would, and the card must follow the server.
  const browserSays = new Intl.DisplayNames(["en"], { type: "region" }).of("TR");
  const serverSays = browserSays === "Türkiye" ? "Turkey" : "Türkiye";
  const countries = [...formBounds().countries, { __typename: "FormOption" as const, value: "TR", label: serverSays }];
  const targetingTurkey = dashboard({ myCampaigns: [campaign({ targetCountries: ["US", "TR"] })] });
  renderApp({ path: "/advertiser", mocks: [me, targetingTurkey, formOptionsMock({ countries })] });

  const card = await screen.findByRole("article", { name: "Spring Sale" });
  expect(within(card).getByText(`United States, ${serverSays}`)).toBeVisible();
  const dialog = await openCampaignDialog();
  expect(within(within(dialog).getByRole("group", { name: "Target countries" })).getByRole("checkbox", { name: serverSays })).toBeInTheDocument();
});

test("a valid campaign is sent with decimal numbers and confirmed", async () => {
  const input = {
    name: "Summer Push",
    category: "general",
    budget: 750.5,
    dailyCap: null,
    pricingModel: "CPM",
    bid: 2.25,
    pacing: "EVEN",
    rotation: "EVEN",
    targetCountries: ["CA", "JP"],
    targeting: {},
    audiences: { include: [], exclude: [] },
    frequencyCaps: [],
    startDate: "2030-06-01",
    endDate: "2030-06-30",
  };
  const created = campaign({
    id: 21,
    name: "Summer Push",
    budget: 750.5,
    bid: 2.25,
    status: "PENDING",
    targetCountries: ["CA", "JP"],
    impressions: 0,
    clicks: 0,
    spend: 0,
  });
  const mocks = [
    me,
    dashboard(),
    { request: { query: CreateCampaignDocument, variables: { input } }, result: { data: { createCampaign: created } } },
    dashboard({ myCampaigns: [created] }),
  ];
  renderApp({ path: "/advertiser", mocks });
  const dialog = await openCampaignDialog();

  await userEvent.type(within(dialog).getByLabelText(/Campaign name/), input.name);
  await userEvent.type(within(dialog).getByLabelText(/Budget/), "750.50");
  await userEvent.type(within(dialog).getByLabelText(/Price per 1,000 impressions/), "2.25");
  fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: input.startDate } });
  fireEvent.change(within(dialog).getByLabelText(/End date/), { target: { value: input.endDate } });
  await userEvent.click(within(dialog).getByText("Canada"));
  await userEvent.click(within(dialog).getByText("Japan"));
  await userEvent.click(within(dialog).getByRole("button", { name: "Create Campaign" }));

  expect(await screen.findByText("Campaign created and submitted for approval")).toBeVisible();
  const card = await screen.findByRole("article", { name: "Summer Push" });
  expect(within(card).getByText("pending")).toBeVisible();
  expect(within(card).getByText("Canada, Japan")).toBeVisible();
});

test("Pause shows the campaign paused from the server's answer alone, with the action it serves next", async () => {
  const mocks = [
    me,
    dashboard({ myCampaigns: [campaign()] }),
    {
      request: { query: PauseCampaignDocument, variables: { id: 20 } },
      result: { data: { pauseCampaign: campaign({ status: "PAUSED", nextActions: ["RESUME"] }) } },
    },
  ];
  renderApp({ path: "/advertiser", mocks });

  await userEvent.click(await screen.findByRole("button", { name: "Pause Spring Sale" }));

  expect(await screen.findByText("Campaign paused")).toBeVisible();
  const card = screen.getByRole("article", { name: "Spring Sale" });
  expect(await within(card).findByRole("button", { name: "Resume Spring Sale" })).toBeVisible();
  expect(within(card).getByText("paused")).toBeVisible();
  expect(within(card).queryByRole("button", { name: "Pause Spring Sale" })).not.toBeInTheDocument();
});

test("a campaign's buttons are the actions the server serves, whatever its status", async () => {
  const mocks = [me, dashboard({ myCampaigns: [campaign({ status: "ACTIVE", nextActions: [] }), campaign({ id: 21, name: "Winter Sale", status: "PENDING", nextActions: ["RESUME"] })] })];
  renderApp({ path: "/advertiser", mocks });

  const active = await screen.findByRole("article", { name: "Spring Sale" });
  const pending = screen.getByRole("article", { name: "Winter Sale" });
  expect(within(active).queryByRole("button", { name: /^(Pause|Resume) / })).not.toBeInTheDocument();
  expect(within(pending).getByRole("button", { name: "Resume Winter Sale" })).toBeVisible();
  expect(within(pending).queryByRole("button", { name: "Pause Winter Sale" })).not.toBeInTheDocument();
});

test("creatives cannot be uploaded before there is a campaign", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard()] });

  await userEvent.click(await screen.findByRole("tab", { name: "Creatives" }));

  expect(await screen.findByRole("button", { name: "Add Creative" })).toBeDisabled();
});

test("billing shows the balance, recent spend, days left, a low-balance warning and which payment methods are open", async () => {
  renderApp({ path: "/advertiser", mocks: [me, dashboard(), myFunds()] });

  await userEvent.click(await screen.findByRole("tab", { name: "Billing" }));

  expect(await screen.findByLabelText("Available to spend")).toHaveTextContent("$60.00");
  expect(screen.getByLabelText("Spend, last 30 days")).toHaveTextContent("$300.00");
  expect(screen.getByLabelText("Days left at the current rate")).toHaveTextContent("6");
  expect(screen.getByText("Low balance: at the current rate your funds last 6 more days.")).toBeVisible();
  expect(screen.getByText(/Needs a payment provider, not available yet/)).toBeVisible();
});

test("billing lists the advertiser's monthly invoices, each to download as PDF or CSV", async () => {
  const invoice = {
    __typename: "Statement" as const,
    id: 12,
    kind: "INVOICE" as const,
    number: "INV-2025-000012",
    month: "2025-03",
    total: 1250.5,
    closingBalance: 249.5,
    issuedAt: "2025-04-01T00:30:00.000Z",
    pdfPath: "/api/statements/12.pdf",
    csvPath: "/api/statements/12.csv",
  };
  renderApp({ path: "/advertiser/billing", mocks: [me, dashboard(), myFunds(), { request: { query: MyStatementsDocument }, result: { data: { myStatements: [invoice] } } }] });

  const table = await screen.findByRole("table", { name: "Invoices" });
  const row = within(table).getByRole("row", { name: /INV-2025-000012/ });
  expect(within(row).getByText("2025-03")).toBeVisible();
  expect(within(row).getByText("$1,250.50")).toBeVisible();
  expect(within(row).getByRole("button", { name: "Download INV-2025-000012 as PDF" })).toBeVisible();
  expect(within(row).getByRole("button", { name: "Download INV-2025-000012 as CSV" })).toBeVisible();
});

test("the Campaigns tab warns when the campaigns budget more than the funds, and Billing says what a pending transfer will let each spend", async () => {
  const spending = (spendableNow: number) => [{ __typename: "CampaignFunds" as const, campaignId: 20, name: "Spring Sale", budgetLeft: 3000, spendableNow, spendableOnceRecorded: 2000 }];
  const { router } = renderApp({
    path: "/advertiser",
    mocks: [
      me,
      dashboard({ myCampaigns: [campaign({ budget: 3000 })] }),
      myFunds({ balance: 0, available: 0, lowBalance: true, pendingDeposits: 2000, campaignBudgetsLeft: 3000, campaigns: spending(0) }),
    ],
  });

  expect(await screen.findByText("Your campaigns budget $3,000.00; you have $2,000.00, counting the transfer pending: delivery stops when funds run out.")).toBeVisible();
  expect(screen.getByText("$2,000.00 transfer pending: it is spendable once recorded.")).toBeVisible();
  await router.navigate("/advertiser/billing");
  expect(await screen.findByText("Spring Sale: $0.00 now, up to $2,000.00 once the transfer is recorded")).toBeVisible();
  expect(screen.queryByText(/Nothing is available/)).toBeNull();
});

test("a spent-out advertiser is told their campaigns stopped", async () => {
  renderApp({ path: "/advertiser/billing", mocks: [me, dashboard(), myFunds({ balance: 0, available: 0, daysLeft: 0, waitingOnFunds: 2 })] });

  expect(await screen.findByRole("tab", { name: "Billing", selected: true })).toBeVisible();
  expect(await screen.findByText(/Your campaigns are not delivering/)).toBeVisible();
});

test("a new advertiser with nothing to deliver is asked to add funds, not told campaigns stopped", async () => {
  renderApp({ path: "/advertiser/billing", mocks: [me, dashboard(), myFunds({ balance: 0, available: 0, spendLast30Days: 0, daysLeft: null, waitingOnFunds: 0 })] });

  expect(await screen.findByRole("tab", { name: "Billing", selected: true })).toBeVisible();
  expect(await screen.findByText("Nothing is available to spend yet: add funds so your campaigns can deliver.")).toBeVisible();
  expect(screen.queryByText(/not delivering/)).toBeNull();
});

test("a spend too small to count days from is said in a sentence instead of a number", async () => {
  const note = "Less than $1.00 spent in the last 30 days: too little to tell how long your funds last.";
  renderApp({ path: "/advertiser/billing", mocks: [me, dashboard(), myFunds({ available: 49.998, spendLast30Days: 0.002, daysLeft: null, daysLeftNote: note, lowBalance: false })] });

  expect(await screen.findByRole("tab", { name: "Billing", selected: true })).toBeVisible();
  expect(await screen.findByLabelText("Days left at the current rate")).toHaveTextContent("—");
  expect(screen.getByText(note)).toBeVisible();
});

/** The Billing tab as first loaded, then what a mutation answers and the funds asked for again. */
const renderBillingThen = (...mocks: NonNullable<NonNullable<Parameters<typeof renderApp>[0]>["mocks"]>) => renderApp({ path: "/advertiser/billing", mocks: [me, dashboard(), myFunds(), ...mocks] });

test("adding funds checks the minimum, then shows the bank details with the reference and the pending request", async () => {
  const request = depositRequest({ amount: 750 });
  renderBillingThen(
    // The dialog's key is random; what matters is that it sends one.
    {
      request: { query: RequestDepositDocument, variables: (variables) => variables.amount === 750 && /^[0-9a-f]{32}$/.test(String(variables.idempotencyKey)) },
      result: { data: { requestDeposit: request } },
    },
    myFunds({ requests: [request] }),
  );

  expect(await screen.findByRole("tab", { name: "Billing", selected: true })).toBeVisible();
  await userEvent.click(await screen.findByRole("button", { name: "Add funds" }));
  const dialog = await findFormDialog("Add funds");
  await userEvent.type(within(dialog).getByLabelText(/Amount/), "499.99");
  await userEvent.click(within(dialog).getByRole("button", { name: "Get payment details" }));
  expect(within(dialog).getByText("Amount must be at least $500")).toBeVisible();

  await userEvent.clear(within(dialog).getByLabelText(/Amount/));
  await userEvent.type(within(dialog).getByLabelText(/Amount/), "750");
  await userEvent.click(within(dialog).getByRole("button", { name: "Get payment details" }));

  const details = await screen.findByRole("dialog", { name: "Transfer details" });
  expect(within(details).getByText("ADN-7KQ4-M2XP")).toBeVisible();
  expect(within(details).getByText("GB33BUKB20201555555555")).toBeVisible();
  expect(within(details).getByText("$750.00")).toBeVisible();
  await userEvent.click(within(details).getByRole("button", { name: "Done" }));
  const requests = await screen.findByRole("table", { name: "Deposit requests" });
  expect(within(requests).getByText("ADN-7KQ4-M2XP")).toBeInTheDocument();
  expect(within(requests).getByText("pending")).toBeInTheDocument();
});

test("the billing address invoices are made out to is saved from the Billing tab", async () => {
  const address = "Hauptstrasse 1\n10115 Berlin";
  renderBillingThen({ request: { query: SetBillingAddressDocument, variables: { address } }, result: { data: { setBillingAddress: address } } }, myFunds({ billingAddress: address }));

  expect(await screen.findByRole("tab", { name: "Billing", selected: true })).toBeVisible();
  const form = await screen.findByRole("form", { name: "Billing address" });
  await userEvent.type(within(form).getByLabelText("Billing address"), "Hauptstrasse 1{Enter}10115 Berlin");
  await userEvent.click(within(form).getByRole("button", { name: "Save address" }));

  expect(await screen.findByText("Billing address saved: your next invoice is made out to it")).toBeVisible();
});
