import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { AdminDepositsDocument, FinanceSummaryDocument, RecordDepositDocument } from "../../../gql/graphql";
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

const summary = { request: { query: FinanceSummaryDocument, variables: { months: 12 } }, result: { data: { financeSummary: [month()] } } };
const deposits = (items: Record<string, unknown>[]) => ({
  request: { query: AdminDepositsDocument, variables: { input: { status: "PENDING", limit: 50 } } },
  result: { data: { depositRequests: { __typename: "DepositRequestPage" as const, items, totalCount: items.length } } },
});
const pending = {
  __typename: "DepositRequest" as const,
  id: 3,
  reference: "ADN-7KQ4-M2XP",
  amount: 1000,
  status: "PENDING",
  received: null,
  createdAt: "2025-03-02T08:00:00.000Z",
  receivedAt: null,
  advertiserEmail: "ann@example.com",
};

test("the books show each month's flows and the balances at its end, payouts paid apart from those awaiting payment", async () => {
  renderScreen(<FinanceTab />, { mocks: [summary, deposits([pending])] });

  const row = await screen.findByRole("row", { name: /Mar 2025/ });
  for (const figure of ["$5,000.00", "$50.00", "$1,040.00", "$728.00", "$262.00", "$100.00", "$628.00", "$75.00", "$4,010.00"]) {
    expect(within(row).getByText(figure)).toBeVisible();
  }
  expect(screen.getByRole("columnheader", { name: "Payouts paid" })).toBeVisible();
  expect(screen.getByRole("columnheader", { name: "Awaiting payout" })).toBeVisible();
  const awaited = await screen.findByRole("row", { name: /ADN-7KQ4-M2XP/ });
  expect(within(awaited).getByText("ann@example.com")).toBeVisible();
});

test("recording a transfer sends the reference and the amount received, and shows the server's refusal under the field", async () => {
  const recorded = { __typename: "DepositRequest" as const, id: 3, reference: "ADN-7KQ4-M2XP", status: "RECEIVED", received: 990 };
  renderScreen(<FinanceTab />, {
    mocks: [
      summary,
      deposits([pending]),
      {
        request: { query: RecordDepositDocument, variables: { input: { reference: "ADN-2222-2222", amount: 10, memo: null } } },
        result: { errors: [new GraphQLError("No deposit request has the reference ADN-2222-2222", { extensions: { code: "BAD_USER_INPUT", field: "reference" } })] },
      },
      { request: { query: RecordDepositDocument, variables: { input: { reference: "adn 7kq4 m2xp", amount: 990, memo: null } } }, result: { data: { recordDeposit: recorded } } },
      summary,
      deposits([]),
    ],
  });
  const form = await screen.findByRole("form", { name: "Record a transfer" });

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
