import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { AdminDepositsDocument, FinanceSummaryDocument, RecordDepositDocument } from "../../../gql/graphql";
import { firstPage, listMock } from "../../../test/admin-fixtures";
import { renderScreen } from "../../../test/render";
import { FinanceTab } from "./finance-tab";

jest.setTimeout(15_000);

const month = (over: Record<string, unknown> = {}) => ({
  __typename: "FinanceMonth" as const,
  month: "2025-03",
  deposits: 5000,
  credits: 50,
  spend: 1040,
  publisherEarnings: 728,
  margin: 262,
  payouts: 100,
  owedToPublishers: 628,
  heldForAdvertisers: 4010,
  awaitingPayout: 75,
  ...over,
});
const emptyMonth = (name: string) =>
  month({ month: name, deposits: 0, credits: 0, spend: 0, publisherEarnings: 0, margin: 0, payouts: 0, owedToPublishers: 0, awaitingPayout: 0, heldForAdvertisers: 0 });

const books = (months: ReturnType<typeof month>[]) => ({ request: { query: FinanceSummaryDocument, variables: { months: 12 } }, result: { data: { financeSummary: months } } });
const summary = books([month()]);
const deposit = (over: Record<string, unknown> = {}) => ({
  __typename: "DepositRequest" as const,
  id: 3,
  reference: "ADN-7KQ4-M2XP",
  amount: 1000,
  status: "PENDING",
  received: null,
  note: null,
  createdAt: "2025-03-02T08:00:00.000Z",
  receivedAt: null,
  advertiserEmail: "ann@example.com",
  actions: ["RECORD"],
  ...over,
});
const pending = deposit();
const received = deposit({ id: 2, reference: "ADN-2B3C-4D5E", amount: 1500, received: 1480.5, note: "Bank fee deducted", status: "RECEIVED", receivedAt: "2025-03-04T08:00:00.000Z", actions: [] });
const awaited = (items: object[]) => listMock(AdminDepositsDocument, "depositRequests", { status: "PENDING", limit: 50 }, items);
const recorded = (items: object[], over: Parameters<typeof firstPage>[0] = {}) =>
  listMock(AdminDepositsDocument, "depositRequests", firstPage({ status: "RECEIVED", ...over }), items);

test("the books show each month's flows and the balances at its end, payouts paid apart from those awaiting payment, right-aligned, leaving out months with nothing in them", async () => {
  renderScreen(<FinanceTab />, { mocks: [books([emptyMonth("2025-05"), month({ month: "2025-04", deposits: 0, spend: 0 }), month(), emptyMonth("2025-02")]), awaited([pending]), recorded([])] });

  const row = await screen.findByRole("row", { name: /Mar 2025/ });
  for (const figure of ["$5,000.00", "$50.00", "$1,040.00", "$728.00", "$262.00", "$100.00", "$628.00", "$75.00", "$4,010.00"]) {
    expect(within(row).getByText(figure)).toHaveStyle({ textAlign: "end" });
  }
  const table = screen.getByRole("table", { name: "Books by month" });
  expect(within(table).getByRole("columnheader", { name: "Held for advertisers" })).toHaveStyle({ textAlign: "end" });
  expect(within(table).getByRole("columnheader", { name: "Payouts paid" })).toBeVisible();
  expect(within(table).getByRole("columnheader", { name: "Awaiting payout" })).toBeVisible();
  expect(within(table).getByRole("row", { name: /Apr 2025/ })).toBeVisible();
  expect(within(table).queryByRole("row", { name: /May 2025/ })).toBeNull();
  expect(within(table).queryByRole("row", { name: /Feb 2025/ })).toBeNull();
  const awaitedRow = await screen.findByRole("row", { name: /ADN-7KQ4-M2XP/ });
  expect(within(awaitedRow).getByText("ann@example.com")).toBeVisible();
});

test("a network with no money in the books says so instead of rows of $0.00", async () => {
  renderScreen(<FinanceTab />, { mocks: [books([emptyMonth("2025-03"), emptyMonth("2025-02")]), awaited([]), recorded([])] });
  expect(await screen.findByText("No money has moved in the last 12 months.")).toBeVisible();
  expect(screen.queryByRole("table", { name: "Books by month" })).toBeNull();
});

test("recording a transfer sends the reference and the amount received, and shows the server's refusal under the field", async () => {
  const answer = { __typename: "DepositRequest" as const, id: 3, reference: "ADN-7KQ4-M2XP", status: "RECEIVED", received: 990, note: null, receivedAt: "2025-03-04T08:00:00.000Z", actions: [] };
  renderScreen(<FinanceTab />, {
    mocks: [
      summary,
      awaited([pending]),
      recorded([]),
      {
        request: { query: RecordDepositDocument, variables: { input: { reference: "ADN-2222-2222", amount: 10, memo: null } } },
        result: { errors: [new GraphQLError("No deposit request has the reference ADN-2222-2222", { extensions: { code: "BAD_USER_INPUT", field: "reference" } })] },
      },
      { request: { query: RecordDepositDocument, variables: { input: { reference: "adn 7kq4 m2xp", amount: 990, memo: null } } }, result: { data: { recordDeposit: answer } } },
      summary,
      awaited([]),
      recorded([]),
    ],
  });
  const form = (await screen.findAllByRole("form", { name: "Record a transfer" }))[0];

  await userEvent.click(within(form).getByRole("button", { name: "Record transfer" }));
  expect(within(form).getByText("Reference is required")).toBeVisible();

  await userEvent.type(within(form).getByLabelText(/Payment reference/), "ADN-2222-2222");
  await userEvent.type(within(form).getByLabelText(/Amount received/), "10");
  await userEvent.click(within(form).getByRole("button", { name: "Record transfer" }));
  expect(await within(form).findByText("No deposit request has the reference ADN-2222-2222")).toBeVisible();

  await userEvent.clear(within(form).getByLabelText(/Payment reference/));
  await userEvent.type(within(form).getByLabelText(/Payment reference/), "adn 7kq4 m2xp");
  await userEvent.clear(within(form).getByLabelText(/Amount received/));
  await userEvent.type(within(form).getByLabelText(/Amount received/), "990");
  await userEvent.click(within(form).getByRole("button", { name: "Record transfer" }));
  expect(await screen.findByText("Transfer ADN-7KQ4-M2XP recorded")).toBeVisible();
  expect(await screen.findByText("No transfers awaited.")).toBeVisible();
});

test("Record on an awaited row opens the form pre-filled with its reference and amount announced, and sends the amount received with the note", async () => {
  const answer = { __typename: "DepositRequest" as const, id: 3, reference: "ADN-7KQ4-M2XP", status: "RECEIVED", received: 980, note: "Bank fee", receivedAt: "2025-03-04T08:00:00.000Z", actions: [] };
  renderScreen(<FinanceTab />, {
    mocks: [
      summary,
      awaited([pending]),
      recorded([]),
      { request: { query: RecordDepositDocument, variables: { input: { reference: "ADN-7KQ4-M2XP", amount: 980, memo: "Bank fee" } } }, result: { data: { recordDeposit: answer } } },
      summary,
      awaited([]),
      recorded([deposit({ ...answer, amount: 1000 })]),
    ],
  });

  const row = await screen.findByRole("row", { name: /ADN-7KQ4-M2XP/ });
  await userEvent.click(within(row).getByRole("button", { name: "Record ADN-7KQ4-M2XP" }));
  const dialog = await screen.findByRole("dialog", { name: "Record a transfer" });
  expect(within(dialog).getByText("ann@example.com announced $1,000.00; enter the amount that arrived.")).toBeVisible();
  expect(within(dialog).getByLabelText(/Payment reference/)).toHaveValue("ADN-7KQ4-M2XP");
  expect(within(dialog).getByLabelText(/Amount received/)).toHaveValue(1000);
  await userEvent.clear(within(dialog).getByLabelText(/Amount received/));
  await userEvent.type(within(dialog).getByLabelText(/Amount received/), "980");
  await userEvent.type(within(dialog).getByLabelText(/Note/), "Bank fee");
  await userEvent.click(within(dialog).getByRole("button", { name: "Record transfer" }));

  expect(await screen.findByText("Transfer ADN-7KQ4-M2XP recorded")).toBeVisible();
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  expect(await screen.findByText("No transfers awaited.")).toBeVisible();
});

test("recorded deposits are listed a page at a time with both amounts and the note, and other statuses on request", async () => {
  const cancelled = deposit({ id: 4, reference: "ADN-9XYZ-8WVU", status: "CANCELLED", actions: [] });
  renderScreen(<FinanceTab />, {
    mocks: [summary, awaited([]), recorded([received], {}), recorded([received], { offset: 20 }), listMock(AdminDepositsDocument, "depositRequests", firstPage({ status: "CANCELLED" }), [cancelled])],
  });

  const list = await screen.findByRole("table", { name: "Deposits" });
  const row = within(list).getByRole("row", { name: /ADN-2B3C-4D5E/ });
  for (const text of ["ann@example.com", "$1,500.00", "$1,480.50", "Bank fee deducted", "received"]) expect(within(row).getByText(text)).toBeVisible();
  expect(within(row).queryByRole("button")).toBeNull();
  expect(screen.getByText("1–1 of 1 deposits")).toBeVisible();

  await userEvent.selectOptions(screen.getAllByRole("combobox", { name: "Status" }).at(-1)!, "CANCELLED");
  expect(await within(await screen.findByRole("table", { name: "Deposits" })).findByText("ADN-9XYZ-8WVU")).toBeVisible();
});
