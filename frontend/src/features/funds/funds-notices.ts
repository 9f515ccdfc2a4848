import { formatMoney } from "../../components/format";
import type { FundsOutlookFragment } from "../../gql/graphql";

/** One thing an advertiser should know about their money before their campaigns meet it. */
export interface FundsNotice {
  key: string;
  status: "warning" | "info";
  title: string;
  /** What each campaign can spend, where the notice is about what they can spend. */
  campaigns: string[];
}

/** "Boots: $0.00 now, up to $2,000.00 once the transfer is recorded": campaigns share the funds, so each can spend at most all of them. */
function campaignLines(funds: FundsOutlookFragment): string[] {
  const pending = funds.pendingDeposits > 0;
  return funds.campaigns.map((campaign) =>
    pending
      ? `${campaign.name}: ${formatMoney(campaign.spendableNow)} now, up to ${formatMoney(campaign.spendableOnceRecorded)} once the transfer is recorded`
      : `${campaign.name}: up to ${formatMoney(campaign.spendableNow)} of its ${formatMoney(campaign.budgetLeft)} budget left`,
  );
}

/** What the balance says: stopped campaigns, a transfer on its way, nothing paid in yet, or funds running low. */
function balanceNotice(funds: FundsOutlookFragment): FundsNotice | null {
  const pending = funds.pendingDeposits > 0 ? `${formatMoney(funds.pendingDeposits)} transfer pending: it is spendable once recorded.` : null;
  if (funds.waitingOnFunds > 0) {
    const title = "Your campaigns are not delivering: nothing is left to spend.";
    return { key: "balance", status: "warning", title: `${title} ${pending ?? "Add funds to start them again."}`, campaigns: pending ? campaignLines(funds) : [] };
  }
  if (funds.available <= 0 && pending) return { key: "balance", status: "info", title: pending, campaigns: campaignLines(funds) };
  if (funds.available <= 0) return { key: "balance", status: "warning", title: "Nothing is available to spend yet: add funds so your campaigns can deliver.", campaigns: [] };
  if (funds.lowBalance && funds.daysLeft !== null && funds.daysLeft !== undefined) {
    return { key: "balance", status: "warning", title: `Low balance: at the current rate your funds last ${funds.daysLeft === 1 ? "1 more day" : `${funds.daysLeft} more days`}.`, campaigns: [] };
  }
  return null;
}

/** Budgets beyond the funds (counting a transfer on its way) are spent only until the funds run out. */
function budgetsNotice(funds: FundsOutlookFragment): FundsNotice | null {
  const have = funds.available + funds.pendingDeposits;
  if (funds.campaignBudgetsLeft <= have || have <= 0) return null;
  const counting = funds.pendingDeposits > 0 ? ", counting the transfer pending" : "";
  return {
    key: "budgets",
    status: "warning",
    title: `Your campaigns budget ${formatMoney(funds.campaignBudgetsLeft)}; you have ${formatMoney(have)}${counting}: delivery stops when funds run out.`,
    campaigns: funds.pendingDeposits > 0 ? [] : campaignLines(funds),
  };
}

/**
 * What an advertiser is told of their funds on the Billing and Campaigns tabs, from the server's
 * figures alone: the balance's state first, then budgets beyond the funds.
 */
export function fundsNotices(funds: FundsOutlookFragment): FundsNotice[] {
  return [balanceNotice(funds), budgetsNotice(funds)].filter((notice): notice is FundsNotice => notice !== null);
}
