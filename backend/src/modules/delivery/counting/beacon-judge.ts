import { randomBytes } from "node:crypto";
import type { Config } from "../../../config";
import { DeliveryTier, PricingModel } from "../../campaigns/campaign.entity";
import type { VisitorHistories } from "../../frequency-caps/visitor-histories";
import { reportDay } from "../decision/decision";
import { countedEvent } from "./counted-events";
import { reachKeyOf } from "../../reports/reach-sketch";
import type { InvalidReason } from "../quality/invalid-reasons";
import { isBot } from "../quality/traffic-rules";
import { hostOf, hostOnDomain, namedHost } from "../request/page-host";
import type { Visit } from "../request/visit";
import { StateUnavailableError } from "../state/delivery-state";
import type { LoggedClaim } from "./event-recorder";
import type { Counted, CountedImpression } from "./judged";
import { EventJudge, type JudgingParts } from "./event-judge";
import { isMeasuredEvent, type MeasuredEvent, type OfferEvent } from "./offer-events";
import type { Offer } from "./offer-token";

/** What the tag tells of an impression beside its offer. */
export interface ImpressionNotice {
  /** The tag can tell whether the ad becomes viewable (the beacon says `m=1`). */
  measured: boolean;
  /** The impression is a header-bidding win, counted by its burl. */
  won: boolean;
  /**
   * An exchange partner's server sends the notice, its signature checked (see openrtb/server-side.ts):
   * its user agent and address are the server's, so it is judged by the visitor its offer names.
   * Never so for a browser's beacon.
   */
  fromPartner?: boolean;
}

/** A click's answer: where the visitor goes, and the click's id when it counted. */
export type JudgedClick = Counted & { location: string | null; clickId?: string };

/**
 * Judges the beacons of served offers (impressions, clicks, a player's events, header-bidding
 * losses): each counts once, after the checks that keep invalid traffic out of the bill, and is
 * charged when its campaign pays by it. The offer is claimed only after every other check passed, so
 * a refused beacon leaves nothing behind.
 */
export class BeaconJudge extends EventJudge {
  constructor(
    parts: JudgingParts,
    private readonly histories: VisitorHistories,
    private readonly limits: Config["delivery"],
  ) {
    super(parts);
  }

  /** Counts the impression of a served offer once, and bills it; anything else is invalid traffic. */
  async countImpression(token: unknown, visit: Visit, notice: ImpressionNotice): Promise<CountedImpression> {
    try {
      return await this.judgeImpression(token, visit, notice);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      return this.refuse("impression", "state_unavailable", this.offers.placeOf(token));
    }
  }

  private async judgeImpression(token: unknown, visit: Visit, { measured, won, fromPartner }: ImpressionNotice): Promise<CountedImpression> {
    const now = Date.now();
    const offer = this.offers.read(token);
    if (!offer) return this.refuse("impression", "bad_signature", { atMs: now, zoneId: 0, campaignId: 0 });
    const at = { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const zone = this.inventory.zone(offer.zoneId);
    const campaign = this.inventory.campaign(offer.campaignId);
    if (!zone || !campaign) return this.refuse("impression", "bad_signature", at);
    if (this.offers.expired(offer, now)) return this.refuse("impression", "expired", at);
    if (!fromPartner && isBot(visit.userAgent)) return this.refuse("impression", "bot", at);
    if (!fromPartner && offer.visitor !== this.offers.visitorOf(visit)) return this.refuse("impression", "visitor_mismatch", at);
    // A beacon naming no page (a privacy setting, or no browser at all) is judged by its offer's page.
    const named = namedHost([visit.origin, visit.referer], zone.domain);
    if (named === false || !hostOnDomain(offer.pageHost, zone.domain)) return this.refuse("impression", "domain_mismatch", at);
    const stateRefusal = this.state.offerRefusal(offer.issuedAt);
    if (stateRefusal) return this.refuse("impression", stateRefusal, at);
    // A partner's server notifies for many visitors: each is rated as their own address would be.
    const rated = fromPartner ? `imp:v:${offer.visitor}` : `imp:${visit.ip}`;
    if ((await this.state.hit(rated, 60)) > this.limits.ipImpressionsPerMinute) return this.refuse("impression", "ip_rate", at);
    // A house ad is never billed (its offer's price is 0): neither its budget nor its advertiser's funds hold its impression back.
    const billed = campaign.tier !== DeliveryTier.HOUSE;
    if (billed && this.state.spendOf(campaign.id, reportDay(now)).total >= campaign.budgetMicros) return this.refuse("impression", "budget_spent", at);
    if (billed && !this.state.hasFunds(campaign.advertiserId)) {
      this.charging.outOfFunds(campaign.id);
      return this.refuse("impression", "no_funds", at);
    }
    const claim = await this.state.claimImpression(offer.offerId, offer.issuedAt, now, this.limits.offerTtlSeconds);
    if (!claim) return this.refuse("impression", "replay", at);

    const visitorId = this.histories.visitorIdOf(visit.history, now);
    // Only a CPM offer's impression is charged; the other models' are counted free (their budget and funds checked above).
    const counted = await this.charging.logClaimed(claim, "impression", { campaign, zone, offer, now }, impressionPrice(offer), (charge) =>
      this.recorder.impression(countedEvent(now, zone, offer.country, { campaign, creativeId: offer.creativeId }), { offerId: offer.offerId, issuedAt: offer.issuedAt }, charge, {
        measured,
        consent: visit.consent.state,
        won,
        visitor: visitorId === null ? undefined : reachKeyOf(visitorId),
      }),
    );
    if (!counted.counted) return counted;
    // Only counted impressions move the history, so a refused or replayed beacon costs the visitor nothing.
    return { counted: true, history: this.histories.afterImpression(visit.history, campaign.frequencyCaps ? campaign.id : null, now) };
  }

  /**
   * Counts a click once, after its impression, and says where to send the visitor. Invalid clicks
   * still reach the landing page (a person may be behind them) but are not counted.
   */
  async countClick(token: unknown, visit: Visit): Promise<JudgedClick> {
    try {
      return await this.judgeClick(token, visit);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      const offer = this.offers.read(token);
      const location = offer ? (this.inventory.creative(offer.creativeId)?.clickUrl ?? null) : null;
      return { location, ...this.refuse("click", "state_unavailable", this.offers.placeOf(token)) };
    }
  }

  private async judgeClick(token: unknown, visit: Visit): Promise<JudgedClick> {
    const now = Date.now();
    const offer = this.offers.read(token);
    if (!offer) return { location: null, ...this.refuse("click", "bad_signature", { atMs: now, zoneId: 0, campaignId: 0 }) };
    const at = { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const creative = this.inventory.creative(offer.creativeId);
    const location = creative?.clickUrl ?? null;
    if (!creative || !location) return { location: null, ...this.refuse("click", "bad_signature", at) };
    const refused = (reason: InvalidReason) => ({ location, ...this.refuse("click", reason, at) });

    if (this.offers.expired(offer, now)) return refused("expired");
    if (isBot(visit.userAgent)) return refused("bot");
    if (offer.visitor !== this.offers.visitorOf(visit)) return refused("visitor_mismatch");
    // An HTML creative is a page of its own: its clicks come from its host.
    const zone = this.inventory.zone(offer.zoneId);
    const campaign = this.inventory.campaign(offer.campaignId);
    // Like an impression's, a click counts only for a zone and campaign still in the catalogue: they name its owners.
    if (!zone || !campaign) return refused("bad_signature");
    if (namedHost([visit.origin, visit.referer], zone.domain, hostOf(creative.contentUrl)) === false) return refused("domain_mismatch");
    const stateRefusal = this.state.offerRefusal(offer.issuedAt);
    if (stateRefusal) return refused(stateRefusal);
    const impressionAt = await this.impressionTime(offer.offerId);
    if (impressionAt === null) return refused("no_impression");
    if (now - impressionAt < this.limits.minClickDelayMs) return refused("too_fast");
    if ((await this.state.hit(`clk:${visit.ip}`, 3600)) > this.limits.ipClicksPerHour) return refused("ip_rate");
    const claim = await this.state.claimClick(offer.offerId, offer.issuedAt, this.limits.offerTtlSeconds);
    if (!claim) return refused("replay");
    // A CPC offer's valid click is charged; one its budget or funds cannot pay for still reaches
    // the landing page, refused as budget_spent or no_funds like such an impression.
    const clickId = randomBytes(16).toString("base64url");
    const conversionPriceMicros = offer.pricingModel === PricingModel.CPA ? offer.bidMicros : 0;
    const counted = countedEvent(now, zone, offer.country, { campaign, creativeId: offer.creativeId });
    const judged = await this.charging.logClaimed(claim, "click", { campaign, zone, offer, now }, offer.pricingModel === PricingModel.CPC ? offer.bidMicros : 0, (charge) =>
      this.recorder.click(clickId, counted, { offerId: offer.offerId, issuedAt: offer.issuedAt }, charge, conversionPriceMicros),
    );
    if (!judged.counted) return { location, ...judged };
    return { counted: true, location: withClickId(location, clickId), clickId };
  }

  /**
   * Judges an event of a served offer (see offer-events.ts): a measured one counts once, after the
   * offer's impression, and is charged when its campaign pays by it; a player's control is only
   * accepted; a player's error is kept as refused traffic. Says whether it counted, and if not, why.
   */
  async countOfferEvent(token: unknown, event: OfferEvent, visit: Visit): Promise<Counted> {
    try {
      return await this.judgeOfferEvent(token, event, visit);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      return this.refuse(event, "state_unavailable", this.offers.placeOf(token));
    }
  }

  private async judgeOfferEvent(token: unknown, event: OfferEvent, visit: Visit): Promise<Counted> {
    const now = Date.now();
    const offer = this.offers.read(token);
    if (!offer) return this.refuse(event, "bad_signature", { atMs: now, zoneId: 0, campaignId: 0 });
    const at = { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const zone = this.inventory.zone(offer.zoneId);
    const campaign = this.inventory.campaign(offer.campaignId);
    const creative = this.inventory.creative(offer.creativeId);
    if (!zone || !campaign || !creative) return this.refuse(event, "bad_signature", at);
    if (event === "error") return this.refuse(event, "vast_error", at);
    if (!isMeasuredEvent(event)) return { counted: false };
    // Only a banner that declared an open size can be opened; nothing else's "expand" is counted.
    if (event === "expand" && !creative.expanded) return { counted: false };
    if (this.offers.expired(offer, now)) return this.refuse(event, "expired", at);
    if (isBot(visit.userAgent)) return this.refuse(event, "bot", at);
    if (offer.visitor !== this.offers.visitorOf(visit)) return this.refuse(event, "visitor_mismatch", at);
    // A player may run in its creative's own frame, like an HTML creative's click.
    if (namedHost([visit.origin, visit.referer], zone.domain, hostOf(creative.contentUrl)) === false) return this.refuse(event, "domain_mismatch", at);
    const stateRefusal = this.state.offerRefusal(offer.issuedAt);
    if (stateRefusal) return this.refuse(event, stateRefusal, at);
    if ((await this.impressionTime(offer.offerId)) === null) return this.refuse(event, "no_impression", at);
    const claim = await this.state.claimOfferEvent(offer.offerId, event, offer.issuedAt, this.limits.offerTtlSeconds);
    if (!claim) return this.refuse(event, "replay", at);
    return this.charging.logClaimed(claim, event, { campaign, zone, offer, now }, offerEventPrice(offer, event), (charge) =>
      this.recorder.offerEvent(event, countedEvent(now, zone, offer.country, { campaign, creativeId: offer.creativeId }), { offerId: offer.offerId, issuedAt: offer.issuedAt }, charge),
    );
  }

  /**
   * A header-bidding bid lost the publisher's auction (its `lurl`, with the price that won, CPM in US
   * dollars): its impression will never be counted, which the publisher's report shows beside the
   * refused traffic. A forged notice is refused.
   */
  countLoss(token: unknown, clearingPrice: unknown): Counted {
    const now = Date.now();
    const offer = this.offers.read(token);
    if (!offer) return this.refuse("impression", "bad_signature", { atMs: now, zoneId: 0, campaignId: 0 });
    const zone = this.inventory.zone(offer.zoneId);
    const campaign = this.inventory.campaign(offer.campaignId);
    if (zone && campaign) this.recorder.loss(countedEvent(now, zone, offer.country, { campaign, creativeId: offer.creativeId }), priceMicrosOf(clearingPrice));
    return this.refuse("impression", "auction_lost", { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId });
  }

  /** Claims again an offer the log counted, for what is left of its lifetime. */
  async reclaim({ type, event, offerId, issuedAt, atMs }: LoggedClaim): Promise<void> {
    const leftSeconds = Math.ceil((issuedAt + this.limits.offerTtlSeconds * 1000 - Date.now()) / 1000);
    if (leftSeconds <= 0) return;
    if (type === "impression") await this.state.claimImpression(offerId, issuedAt, atMs, leftSeconds);
    else if (type === "offer_event") await this.state.claimOfferEvent(offerId, event ?? "", issuedAt, leftSeconds);
    else await this.state.claimClick(offerId, issuedAt, leftSeconds);
  }

  /**
   * When the offer's impression counted, or null. Without a shared state (Redis), another process's
   * impression is known here once this process's follower of the log has it: on a miss, it catches up first.
   */
  private async impressionTime(offerId: string): Promise<number | null> {
    const at = await this.state.impressionTime(offerId);
    if (at !== null || !(await this.recorder.caughtUpWithOthers())) return at;
    return this.state.impressionTime(offerId);
  }
}

/** What an offer's impression is charged: a thousandth of a CPM bid; nothing for the models that pay by a later event. */
function impressionPrice(offer: Offer): number {
  return offer.pricingModel === PricingModel.CPM ? Math.floor(offer.bidMicros / 1000) : 0;
}

/** What an offer's measured event is charged: a thousandth of a vCPM bid when it became viewable, a CPCV bid when its video completed. */
function offerEventPrice(offer: Offer, event: MeasuredEvent): number {
  if (offer.pricingModel === PricingModel.VCPM && event === "viewable") return Math.floor(offer.bidMicros / 1000);
  if (offer.pricingModel === PricingModel.CPCV && event === "complete") return offer.bidMicros;
  return 0;
}

/** An auction's price as a notice's macro gave it (dollars per thousand), in micros; 0 when the macro was not filled in. */
function priceMicrosOf(price: unknown): number {
  const dollars = typeof price === "string" && /^\d{1,6}(\.\d{1,6})?$/.test(price) ? Number(price) : 0;
  return Math.round(dollars * 1_000_000);
}

/** The landing page learns which click brought the visitor, for conversion pixels without cookies. */
function withClickId(location: string, clickId: string): string {
  try {
    const url = new URL(location);
    url.searchParams.set("adnet_click", clickId);
    return url.toString();
  } catch {
    return location;
  }
}
