import { reportDay } from "../decision/decision";
import type { Inventory } from "../decision/inventory";
import { type CampaignEntry, type ZoneEntry } from "../model";
import { type EventCharge, NO_CHARGE, type TrafficEvent } from "./counted-events";
import type { InvalidReason } from "../quality/invalid-reasons";
import type { Claim, DeliveryState } from "../state/delivery-state";
import type { EventRecorder } from "./event-recorder";
import type { Counted, Refuse } from "./judged";
import type { Offer } from "./offer-token";

/** How often one process tells of one campaign running out of funds at most; the mail itself is sent once per allowance. */
const OUT_OF_FUNDS_NOTICE_MS = 10 * 60_000;

/** The event's offer, the campaign and zone it was served for, and when it came. */
export interface OfferAt {
  campaign: CampaignEntry;
  zone: ZoneEntry;
  offer: Offer;
  now: number;
}

/**
 * Charges campaigns for their events within their budgets and their advertisers' funds, gives back
 * what an event that was not counted after all was charged, withdraws a campaign whose budget is
 * spent and tells of one whose advertiser ran out of funds.
 */
export class Charging {
  /** Campaigns this process told of running out of funds, with when: the notice is not repeated for every refused beacon. */
  private readonly outOfFundsToldAt = new Map<number, number>();

  constructor(
    private readonly state: DeliveryState,
    private readonly inventory: Inventory,
    private readonly recorder: EventRecorder,
    private readonly refuse: Refuse,
  ) {}

  /**
   * Charges and logs the event of an offer claimed here, and confirms the claim once the log holds it.
   * A claim taken over from a process that died holding it comes with the charge that process made:
   * the event is logged with that charge, never charged twice. An event that is not logged (its
   * charge refused, or the log failing) releases its claim with the charge made for it, so that the
   * beacon's retry counts it. One the log held already (another process logged it, the dead one
   * among them) is a replay: only a charge made here is given back.
   */
  async logClaimed(claim: Claim, event: TrafficEvent, { campaign, zone, offer, now }: OfferAt, priceMicros: number, log: (charge: EventCharge) => Promise<boolean>): Promise<Counted> {
    const at = { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const inherited = claim.inheritedChargeMicros > 0;
    let charge: EventCharge | InvalidReason;
    try {
      charge = inherited ? chargeOn(zone, claim.inheritedChargeMicros) : await this.charge(campaign, zone, priceMicros, offer.issuedAt, now, claim);
    } catch (error) {
      await this.state.releaseClaim(claim).catch(() => undefined);
      throw error;
    }
    if (typeof charge === "string") {
      await this.state.releaseClaim(claim).catch(() => undefined);
      return this.refuse(event, charge, at);
    }
    let logged: boolean;
    try {
      logged = await log(charge);
    } catch (error) {
      await this.state.releaseClaim(claim).catch(() => undefined);
      await this.refund(campaign, charge, now).catch(() => undefined);
      throw error;
    }
    // A claim left unconfirmed (Redis away a moment) is refused to repeats while this process lives.
    await this.state.confirmClaim(claim).catch(() => undefined);
    if (logged) return { counted: true };
    if (inherited) return this.refuse(event, "replay", at);
    // Another process counted it (a beacon sent again elsewhere, or to both at once): the charge made here is given back.
    await this.refund(campaign, charge, now);
    return this.refuse(event, "replay", at);
  }

  /**
   * Charges a campaign for one event on the zone of its impression, within its budget, its daily cap
   * and its advertiser's funds, and says what the event moved (the publisher earns their share), or why it
   * may not be counted. A price of 0 (what a model does not charge for) touches no counter.
   */
  async charge(campaign: CampaignEntry, zone: ZoneEntry, priceMicros: number, issuedAt: number, now: number, claim?: Claim): Promise<EventCharge | InvalidReason> {
    if (priceMicros === 0) return NO_CHARGE;
    const charge = await this.state.charge(campaign.id, priceMicros, campaign.budgetMicros, reportDay(now), issuedAt, campaign.advertiserId, campaign.dailyCapMicros, claim);
    if (charge.refusal) return charge.refusal;
    if (charge.dailyCapSpent) return "daily_cap_spent";
    // What is left of the budget cannot pay for this event (nor, with its price, for the next one).
    if (charge.totalMicros >= campaign.budgetMicros || (!charge.charged && !charge.fundsOut)) this.completeCampaign(campaign.id);
    if (charge.fundsOut) this.outOfFunds(campaign.id);
    if (!charge.charged) return charge.fundsOut ? "no_funds" : "budget_spent";
    return chargeOn(zone, priceMicros);
  }

  /** Gives back what an event was charged (see charge) when it was not counted after all. */
  async refund(campaign: CampaignEntry, charge: EventCharge, chargedAt: number): Promise<void> {
    if (charge.spendMicros > 0) await this.state.refund(campaign.id, charge.spendMicros, reportDay(chargedAt), campaign.advertiserId);
  }

  /** Tells of the campaign's advertiser running out of funds, at most every OUT_OF_FUNDS_NOTICE_MS. */
  outOfFunds(campaignId: number): void {
    const now = Date.now();
    if ((this.outOfFundsToldAt.get(campaignId) ?? 0) > now - OUT_OF_FUNDS_NOTICE_MS) return;
    this.outOfFundsToldAt.set(campaignId, now);
    this.recorder.campaignOutOfFunds(campaignId);
  }

  private completeCampaign(campaignId: number): void {
    this.inventory.withdraw(campaignId);
    this.recorder.campaignCompleted(campaignId);
  }
}

/** What an event charged `priceMicros` moves: the publisher earns the zone's share of it. */
function chargeOn(zone: ZoneEntry, priceMicros: number): EventCharge {
  return { spendMicros: priceMicros, earningMicros: Math.floor((priceMicros * zone.revenueShareBps) / 10_000) };
}
