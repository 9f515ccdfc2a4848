import type { MembershipReader } from "../../audiences/memberships";
import type { VisitorHistories } from "../../frequency-caps/visitor-histories";
import { type RequestSignals, targetingRequestOf } from "../../targeting/request-context";
import type { TargetingRequest } from "../../targeting/request";
import type { CampaignSpend, ZoneEntry } from "../model";
import type { Visit } from "../request/visit";
import { decide, type DecisionContext, decidePod, decideSeveral, type Decision, PACING_LEAD_MS, reportDay } from "./decision";
import type { Inventory } from "./inventory";
import { decidePage } from "./page-decision";
import type { PageSoFar } from "./page-so-far";
import { type PublisherControls, type PublisherRefusal, withBuyerControls } from "./publisher-controls";

/** What the decision reads of what the learning loops learned in the background (see learning/). */
export interface Learned {
  readonly trafficCurve: { expectedShareBy(atMs: number, leadMs: number): number };
  readonly creativeOdds: { oddsOf(creativeId: number): number };
}

/** What the decision reads of the shared state (see state/): the campaigns' spend and the advertisers' funds. */
export interface Spending {
  spendOf(campaignId: number, day: string): CampaignSpend;
  hasFunds(advertiserId: number): boolean;
}

/** Told of each campaign a publisher's controls turned away from a zone. */
export type RefusedByPublisher = (reason: PublisherRefusal, zoneId: number, atMs: number) => void;

/**
 * The decision for one request, from memory alone: the zone's slot in the catalogue, the campaigns'
 * spend and funds in the shared state, the visitor's caps, and what was learned (pacing, odds).
 */
export class Decider {
  constructor(
    private readonly inventory: Inventory,
    private readonly state: Spending,
    private readonly histories: VisitorHistories,
    private readonly memberships: MembershipReader,
    private readonly learned: Learned,
    private readonly refusedByPublisher: RefusedByPublisher,
  ) {}

  /**
   * Which campaign and creative fill the zone for this visitor, or none; what `npm run bench:serve`
   * times at 100, 1,000 and 10,000 campaigns. A header-bidding buyer's floor and blocks (`buyer`)
   * come on top of the publisher's own.
   */
  decide(zone: ZoneEntry, country: string, visit: Visit, signals: RequestSignals, now: number, buyer?: PublisherControls): Decision | null {
    return this.decideRequest(zone, this.targetingRequest(zone, country, visit, signals, now), visit, now, buyer);
  }

  /** The request as targeting reads it, the visitor's live audiences included: built once, and also counted for insights. */
  targetingRequest(zone: ZoneEntry, country: string, visit: Visit, signals: RequestSignals, now: number): TargetingRequest {
    const audienceIds = this.memberships.audienceIds(visit.memberships, now, (id) => this.inventory.isLiveAudience(id));
    return targetingRequestOf(signals, zone, country, now, audienceIds);
  }

  /** The same for a request already read for targeting (see targetingRequest). */
  decideRequest(zone: ZoneEntry, request: TargetingRequest, visit: Visit, now: number, buyer?: PublisherControls): Decision | null {
    return decide(this.inventory.slotFor(zone, request.country, request.device), this.contextFor(zone, request, visit, now, buyer));
  }

  /** The ads of one break of a video zone, in the order they play (see decidePod). */
  decidePod(zone: ZoneEntry, request: TargetingRequest, visit: Visit, now: number, limits: { maxAds: number; breakMs: number }): Decision[] {
    return decidePod(this.inventory.slotFor(zone, request.country, request.device), this.contextFor(zone, request, visit, now), limits);
  }

  /** The ads of a zone showing `count` at once, each of another advertiser, best price first (see decideSeveral), beside what the page shows. */
  decideSeveral(zone: ZoneEntry, request: TargetingRequest, visit: Visit, now: number, count: number, page?: PageSoFar): Decision[] {
    return decideSeveral(this.inventory.slotFor(zone, request.country, request.device), { ...this.contextFor(zone, request, visit, now), page }, count);
  }

  /** A page's zones filled together (see decidePage), beside what the page showed before. */
  decidePage(zones: readonly { zone: ZoneEntry; request: TargetingRequest }[], visit: Visit, now: number, page: PageSoFar): { decisions: (Decision | null)[]; page: PageSoFar } {
    return decidePage(
      zones.map(({ zone, request }) => ({ slot: this.inventory.slotFor(zone, request.country, request.device), context: this.contextFor(zone, request, visit, now), video: zone.format === "video" })),
      page,
    );
  }

  private contextFor(zone: ZoneEntry, request: TargetingRequest, visit: Visit, now: number, buyer?: PublisherControls): DecisionContext {
    const { country } = request;
    const day = reportDay(now);
    const odds = this.learned.creativeOdds;
    return {
      country,
      request,
      day,
      spendOf: (campaignId) => this.state.spendOf(campaignId, day),
      hasFunds: (advertiserId) => this.state.hasFunds(advertiserId),
      withinCaps: this.histories.gate(visit.history, now),
      releasedShare: this.learned.trafficCurve.expectedShareBy(now, PACING_LEAD_MS),
      creativeOdds: (creativeId) => odds.oddsOf(creativeId),
      random: Math.random,
      publisher: buyer ? withBuyerControls(zone, buyer) : zone,
      // Counted beside the unfilled request, so the publisher sees what their own controls turned away.
      refused: (reason) => this.refusedByPublisher(reason, zone.id, now),
    };
  }
}
