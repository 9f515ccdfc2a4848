import { CampaignStatus, DeliveryTier } from "./campaign.entity";

/** What decides whether a live campaign can win ad requests, besides its budget. */
export interface DeliveryFacts {
  status: CampaignStatus;
  startDate: string;
  endDate: string;
  approvedCreatives: number;
  /** Whether the advertiser has anything available to spend (deposits, credit, credit limit); unknown counts as yes. */
  fundsAvailable?: boolean;
  /** House ads are never billed: funds never hold them back. */
  deliveryTier?: DeliveryTier;
}

const NO_FUNDS = "Not delivering: no funds left to spend; add funds under Billing";

/**
 * Why an active campaign serves no ads, as the advertiser and the admins read it, or null when
 * nothing stops it. Paused, pending and final campaigns say so by their status alone. A missing
 * creative, then missing funds, come before a flight still to start, as the ones the advertiser can act on.
 */
export function deliveryIssue(facts: DeliveryFacts, today: string): string | null {
  if (facts.status !== CampaignStatus.ACTIVE) return null;
  if (facts.endDate < today) return `Not delivering: the flight ended on ${facts.endDate}`;
  if (facts.approvedCreatives === 0) return "Not delivering: no approved creative";
  if (facts.fundsAvailable === false && facts.deliveryTier !== DeliveryTier.HOUSE) return NO_FUNDS;
  if (facts.startDate > today) return `Not delivering: the flight starts on ${facts.startDate}`;
  return null;
}

/** Whether money is all a campaign lacks: it is what the advertiser is told when nothing is available to spend. */
export function waitsOnFunds(facts: Omit<DeliveryFacts, "fundsAvailable">, today: string): boolean {
  return deliveryIssue({ ...facts, fundsAvailable: false }, today) === NO_FUNDS;
}
