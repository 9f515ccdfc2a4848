import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import { system } from "../../../app/theme";
import type { FundsOutlookFragment } from "../../../gql/graphql";
import { FundsNotices } from "./funds-notices";

/** A new advertiser's two campaigns, $3,000 of budgets together, as the server answers their funds. */
const funds = (over: Partial<FundsOutlookFragment> = {}): FundsOutlookFragment => ({
  __typename: "AdvertiserFunds",
  available: 2000,
  daysLeft: null,
  lowBalance: false,
  waitingOnFunds: 0,
  pendingDeposits: 0,
  campaignBudgetsLeft: 3000,
  campaigns: [
    { __typename: "CampaignFunds", campaignId: 2, name: "Boots", budgetLeft: 2000, spendableNow: 2000, spendableOnceRecorded: 2000 },
    { __typename: "CampaignFunds", campaignId: 1, name: "Shoes", budgetLeft: 1000, spendableNow: 1000, spendableOnceRecorded: 1000 },
  ],
  ...over,
});

const renderNotices = (outlook: FundsOutlookFragment) =>
  render(
    <ChakraProvider value={system}>
      <FundsNotices funds={outlook} />
    </ChakraProvider>,
  );

const alerts = () => screen.queryAllByRole("status").map((alert) => alert.textContent);
const spendable = () => within(screen.getByRole("list", { name: "What each campaign can spend" })).getAllByRole("listitem").map((item) => item.textContent);

test("budgets beyond the funds are warned of, with what each campaign can spend", () => {
  renderNotices(funds());
  expect(alerts()).toEqual([expect.stringContaining("Your campaigns budget $3,000.00; you have $2,000.00: delivery stops when funds run out.")]);
  expect(spendable()).toEqual(["Boots: up to $2,000.00 of its $2,000.00 budget left", "Shoes: up to $1,000.00 of its $1,000.00 budget left"]);
});

test("while the transfer is pending, the banner says what is pending and what each campaign can spend, not that nothing is available", () => {
  const pending = funds({
    available: 0,
    lowBalance: true,
    pendingDeposits: 2000,
    campaigns: funds().campaigns.map((campaign) => ({ ...campaign, spendableNow: 0 })),
  });
  renderNotices(pending);
  expect(screen.getByText("$2,000.00 transfer pending: it is spendable once recorded.")).toBeVisible();
  expect(spendable()).toEqual(["Boots: $0.00 now, up to $2,000.00 once the transfer is recorded", "Shoes: $0.00 now, up to $1,000.00 once the transfer is recorded"]);
  expect(screen.getByText("Your campaigns budget $3,000.00; you have $2,000.00, counting the transfer pending: delivery stops when funds run out.")).toBeVisible();
  expect(screen.queryByText(/Nothing is available/)).toBeNull();
});

test("an advertiser who has paid nothing in is asked to add funds", () => {
  renderNotices(funds({ available: 0, lowBalance: true, campaigns: [], campaignBudgetsLeft: 0 }));
  expect(alerts()).toEqual(["Nothing is available to spend yet: add funds so your campaigns can deliver."]);
});

test("stopped campaigns are told of the transfer on its way rather than asked to add funds again", () => {
  renderNotices(funds({ available: 0, lowBalance: true, waitingOnFunds: 2, pendingDeposits: 500, campaignBudgetsLeft: 400, campaigns: [] }));
  expect(alerts()).toEqual(["Your campaigns are not delivering: nothing is left to spend. $500.00 transfer pending: it is spendable once recorded."]);
});

test("funds that cover the budgets and last say nothing", () => {
  renderNotices(funds({ available: 5000 }));
  expect(alerts()).toEqual([]);
});
