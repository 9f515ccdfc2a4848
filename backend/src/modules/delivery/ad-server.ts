import { randomBytes } from "node:crypto";
import type { Consent } from "../consent/consent";
import { absoluteMediaUrl } from "../media/media.service";
import type { FastifyBaseLogger } from "fastify";
import type { DataSource } from "typeorm";
import type { Campaign } from "../campaigns/campaign.entity";
import type { Config } from "../../config";
import { PricingModel } from "../campaigns/campaign.entity";
import { advertiserAccounts } from "../funds/funds-totals";
import { LedgerService } from "../ledger/ledger.service";
import { reportCalendar } from "../reports/grains";
import { type FormatAnswer, formatAnswer } from "./answer/native-answer";
import { CreativeOdds, CreativeRotationRow, loadCreativeOdds, rotationReport } from "./learning/creative-odds";
import { decide, type Decision, PACING_LEAD_MS, reportDay } from "./decision/decision";
import { loadTrafficCurve, TrafficCurve } from "./learning/traffic-curve";
import type { CatalogueNews } from "./decision/catalogue-news";
import { AdvertiserFunds, Claim, DeliveryState, MemoryDeliveryState, SpendSource, StateHealth, StateUnavailableError } from "./state/delivery-state";
import type { EventLog } from "./counting/event-log/event-log";
import type { DeliveryTallies } from "./counting/delivery-tallies";
import { type CampaignNewsListener, EventRecorder, LoggedClaim } from "./counting/event-recorder";
import { networkOf } from "./request/client-network";
import { visitorCountry } from "./request/geo";
import { CarriedHistory, UpdatedHistory, VisitorHistories } from "../frequency-caps/visitor-histories";
import { Inventory } from "./decision/inventory";
import { NO_CHARGE } from "./model";
import type { BatchWriter, CampaignEntry, CampaignSpend, CountedEvent, EventCharge, InvalidPlace, TrafficEvent, ZoneEntry } from "./model";
import { conversionSignature, newOfferId, Offer, signOffer, trackingKey, verifyConversionSignature, verifyOffer, visitorHash } from "./counting/offer-token";
import type { InvalidReason } from "./quality/invalid-reasons";
import { hostOf, hostOnDomain, namedHost } from "./request/page-host";
import { type PublisherControls, withBuyerControls } from "./decision/publisher-controls";
import { Prediction, RateModel } from "./learning/rate-prediction";
import { campaignTallies } from "./learning/rate-tallies";
import { RequestRate } from "./quality/request-rate";
import { isBot } from "./quality/traffic-rules";
import { isMeasuredEvent, type MeasuredEvent, type OfferEvent } from "./counting/offer-events";
import { type RequestSignals, targetingRequestOf } from "../targeting/request-context";

/** What the composition root chooses for one process alone or for several sharing Redis. */
export interface DeliveryParts {
  state: DeliveryState;
  writer: BatchWriter;
  /** Where counted events are made durable before their beacon is answered. */
  eventLog: () => Promise<EventLog>;
  catalogueNews: CatalogueNews | null;
  /**
   * Told which campaigns completed, and which had an impression refused because their advertiser has
   * nothing left (at most every 10 minutes per campaign per process), once the batch that writes their
   * webhook events is committed (the advertiser's e-mail); must not throw.
   */
  campaignNews?: CampaignNewsListener;
}

/** How long a stop waits for the database to take what the log holds; the next start applies the rest. */
const STOP_FLUSH_MS = 2000;
/** How long a stop waits before it tries a failed write again. */
const STOP_FLUSH_RETRY_MS = 50;
/** How long a stop waits for a writer thread stuck on a database that hangs. */
const WRITER_CLOSE_MS = 500;

/** Who is asking, as the HTTP layer saw it. */
export interface Visit {
  ip: string;
  userAgent: string | undefined;
  /** The visitor's country as the trusted CDN in front names it, when one is configured. */
  cdnCountry: string | undefined;
  /** The page the tag runs on (ad requests only), cut to MAX_PAGE_LENGTH. */
  page: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  /** The frequency-cap history the request carried (see VisitorHistories). */
  history: CarriedHistory;
  /** What the request's privacy signals allow (see modules/consent). */
  consent: Consent;
}

export interface ServedAd extends FormatAnswer {
  zoneId: number;
  /** The tag tells it back while the impression's beacon is unanswered, so the page's other zones keep the campaign's caps. */
  campaignId: number;
  width: number;
  height: number;
  creative: { id: number; type: string; url: string; width: number; height: number; clickable: boolean };
  impressionUrl: string;
  clickUrl: string;
  /** Where the page and player tell the offer's events: add `&e=<event>` (see offer-events.ts). */
  eventUrl: string;
}

export type ServeResult = { status: "filled"; ad: ServedAd } | { status: "unfilled" } | { status: "unknown_zone" };

/** Whether an event was counted, and if not, why. */
export interface Counted {
  counted: boolean;
  reason?: InvalidReason;
}

/** A counted impression of a capped campaign moves the visitor's history. */
export type CountedImpression = Counted & { history?: UpdatedHistory | null };

const CONVERSION_WINDOW_MS = 30 * 24 * 3600 * 1000;
/** Visitors whose hash is kept: a user agent is at most 1 KB (longer is a bot), so about 10 MB at worst. */
const REMEMBERED_VISITORS = 10_000;
const CLICK_ID = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * The ad server: decides which ad fills a zone, counts impressions, clicks and conversions
 * once each, keeps invalid traffic out of the bill, and charges campaigns and credits
 * publishers through the event recorder. Decisions read only memory.
 */
/** An event counted at the zone: of the campaign's creative, or of no ad when `ad` is null. */
function countedEvent(atMs: number, zone: ZoneEntry, country: string, ad: { campaign: CampaignEntry; creativeId: number } | null): CountedEvent {
  const { publisherId, siteId, id: zoneId } = zone;
  return { atMs, publisherId, siteId, zoneId, advertiserId: ad?.campaign.advertiserId ?? 0, campaignId: ad?.campaign.id ?? 0, creativeId: ad?.creativeId ?? 0, country };
}

/** How often the predicted click and conversion rates are read again from the read model. */
const PREDICTION_REFRESH_MS = 3 * 60_000;
/** How often the traffic curve and the creatives' odds are read again from the read model: in the background, never on a request. */
const TRAFFIC_CURVE_REFRESH_MS = 10 * 60_000;
const CREATIVE_ODDS_REFRESH_MS = 2 * 60_000;

/** How often one process tells of one campaign running out of funds at most; the mail itself is sent once per allowance. */
const OUT_OF_FUNDS_NOTICE_MS = 10 * 60_000;

/** An auction's price as a notice's macro gave it (dollars per thousand), in micros; 0 when the macro was not filled in. */
function priceMicrosOf(price: unknown): number {
  const dollars = typeof price === "string" && /^\d{1,6}(\.\d{1,6})?$/.test(price) ? Number(price) : 0;
  return Math.round(dollars * 1_000_000);
}

export class AdServer {
  readonly inventory: Inventory;
  private readonly recorder: EventRecorder;
  private readonly state: DeliveryState;
  private readonly requests = new RequestRate();
  private readonly visitorHashes = new Map<string, string>();
  private readonly key: Buffer;
  private readonly histories: VisitorHistories;
  private readonly timers: NodeJS.Timeout[] = [];
  private trafficCurve = new TrafficCurve();
  private creativeOdds = new CreativeOdds();
  private log: Pick<FastifyBaseLogger, "warn" | "error"> = console;

  private readonly catalogueNews: CatalogueNews | null;
  /** Campaigns this process told of running out of funds, with when: the notice is not repeated for every refused beacon. */
  private readonly outOfFundsToldAt = new Map<number, number>();
  /** Set once the state has started: funds changes before then are loaded by the start itself. */
  private started = false;
  /** The campaigns' predicted rates, read in the background: every catalogue load prices its campaigns with them. */
  private rates = new RateModel();

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Config,
    private readonly ledger: LedgerService,
    parts: DeliveryParts,
  ) {
    this.state = parts.state;
    this.catalogueNews = parts.catalogueNews;
    this.inventory = new Inventory(dataSource, config.delivery.defaultRevenueShareBps, parts.catalogueNews, config.accounts.requireIdentity);
    this.recorder = new EventRecorder(dataSource, parts.writer, parts.eventLog, parts.campaignNews, config.delivery.countsFlushIntervalMs);
    this.key = trackingKey(config.jwtSecret);
    this.histories = new VisitorHistories(this.key);
  }

  async start(log?: Pick<FastifyBaseLogger, "warn" | "error">): Promise<void> {
    if (log) this.log = log;
    // This process's single-use claims were in its memory: the offers the log counted are claimed
    // again for as long as they can be replayed. Redis keeps its own.
    await this.recorder.open(this.state instanceof MemoryDeliveryState ? (claim) => this.reclaim(claim) : undefined);
    // First, and at once: the catalogue just swapped in must not serve a moment with CPC and CPA bids taken for eCPMs.
    this.inventory.afterLoad(async () => this.reprice());
    await this.refreshPredictions().catch((error) => this.log.warn({ err: error }, "could not read the campaigns' click and conversion rates; retrying"));
    // Every later load gives the state the advertisers' allowances (from the database, always replaced);
    // with Redis away the catalogue still loads, and the rebuild or the next load brings the allowances.
    this.inventory.afterLoad(async () => {
      if (!this.started) return;
      await this.state.loadFunds(this.inventory.servableAdvertiserIds()).catch((error) => this.log.warn({ err: error }, "could not load advertisers' funds; the next reload will"));
    });
    await this.inventory.start(this.config.delivery.refreshIntervalMs);
    // What was logged and not yet applied (a crash, or a stop while the database was away) is
    // written before budgets are read from the ledger.
    await this.recorder.drain().catch((error) => this.log.warn({ err: error }, "could not apply the event log yet; retrying"));
    await this.state.start(this.spendSource(), reportDay(Date.now()));
    // With the shared state adopted from other processes, the advertisers' funds are read before the
    // first ad or beacon: read as "none" meanwhile, a restart would refuse beacons and tell
    // advertisers they had run out of funds.
    await this.state.refreshFunds(this.inventory.servableAdvertiserIds()).catch((error) => this.log.warn({ err: error }, "could not read the advertisers' funds yet; retrying"));
    this.started = true;
    await this.refreshTrafficCurve().catch((error) => this.log.warn({ err: error }, "could not read the traffic curve; pacing follows a flat day until it can"));
    await this.refreshCreativeOdds().catch((error) => this.log.warn({ err: error }, "could not read the creatives' results; optimised rotations share evenly until it can"));
    this.every(TRAFFIC_CURVE_REFRESH_MS, () => this.refreshTrafficCurve());
    this.every(CREATIVE_ODDS_REFRESH_MS, () => this.refreshCreativeOdds());
    this.every(this.config.delivery.flushIntervalMs, () => this.recorder.flushDue());
    this.every(PREDICTION_REFRESH_MS, () => this.refreshPredictions());
    this.every(1000, async () => {
      await this.state.check();
      await this.state.reconcile(reportDay(Date.now()));
      await this.state.refreshSpend(this.inventory.servableCampaignIds(), reportDay(Date.now()));
      await this.state.refreshFunds(this.inventory.servableAdvertiserIds());
    });
  }

  /** Reads the campaigns' counts from the read model again and reprices the catalogue with them. */
  async refreshPredictions(): Promise<void> {
    this.rates = new RateModel(await campaignTallies(this.dataSource, Date.now()));
    this.reprice();
  }

  /** A campaign's predicted rates and eCPM, as the auction uses them; null when it is not in the catalogue. */
  prediction(campaignId: number): Prediction | null {
    const campaign = this.inventory.campaign(campaignId);
    return campaign ? this.rates.predict(campaign) : null;
  }

  private reprice(): void {
    this.inventory.reprice((campaign) => this.rates.predict(campaign).ecpmMicros);
  }

  /** Whether budgets, offers and rates can be judged now (Redis reachable and verified, when configured). */
  stateHealth(): StateHealth {
    return this.state.health();
  }

  /**
   * Stops serving and writes what it can of the counted events. Every acknowledged event is in
   * the log already: if the database is away, the stop gives up after STOP_FLUSH_MS and the next
   * start applies the rest.
   */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.inventory.stop();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), STOP_FLUSH_MS)));
    const written = this.flushBefore(Date.now() + STOP_FLUSH_MS).then(
      () => "written" as const,
      (error: unknown) => {
        this.log.warn({ err: error }, "the database did not take the last delivery events; the event log keeps them for the next start");
        return "failed" as const;
      },
    );
    const outcome = await Promise.race([written, deadline]);
    clearTimeout(timer);
    if (outcome === "late") this.log.warn("the database is slow; the event log keeps the last delivery events for the next start");
    if (outcome === "written") await this.recorder.resignApplier().catch(() => undefined);
    await this.recorder.close(WRITER_CLOSE_MS);
    await this.state.close();
  }

  /**
   * Writes what has been counted, trying again while time is left: a failure may pass at once (another
   * process's write holding the embedded database's lock as both stop), and what is counted only in
   * memory (refused traffic, requests) has no other chance to be written.
   */
  private async flushBefore(deadline: number): Promise<void> {
    for (;;) {
      try {
        return await this.recorder.flush();
      } catch (error) {
        if (Date.now() + STOP_FLUSH_RETRY_MS >= deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, STOP_FLUSH_RETRY_MS));
      }
    }
  }

  /** How long the writer's last flushes took, and how many rows each carried. */
  get flushTimes(): readonly { rows: number; ms: number }[] {
    return this.recorder.flushTimes;
  }

  /** What this process has served, refused, logged and written since it started. */
  get tallies(): DeliveryTallies {
    return this.recorder.tallies;
  }

  /** Writes what has been counted now, rather than at the next tick. */
  flush(): Promise<void> {
    return this.recorder.flush();
  }

  /**
   * Fills a zone for a visit: the tag's ad request, and a header-bidding bid request, whose buyer's
   * floor and blocks come on top of the publisher's own (`buyer`).
   */
  serve(zoneId: number, visit: Visit, origin: string, signals: RequestSignals, buyer?: PublisherControls): ServeResult {
    const now = Date.now();
    const overRate = this.requests.hit(visit.ip, now) > this.config.delivery.ipRequestsPerMinute;
    const zone = this.inventory.zone(zoneId);
    if (!zone) return { status: "unknown_zone" };
    const at = { atMs: now, zoneId, campaignId: 0 };
    const pageHost = namedHost([visit.page, visit.origin, visit.referer], zone.domain);
    // With the shared counters out of reach no offer could be counted: no paid ad is served meanwhile.
    const refusal = overRate
      ? "ip_rate"
      : isBot(visit.userAgent)
        ? "bot"
        : !pageHost
          ? "domain_mismatch"
          : this.config.delivery.requireAdsTxt && !zone.adsTxtFound
            ? "ads_txt_missing"
            : !this.state.available
              ? "state_unavailable"
              : null;
    if (refusal || !pageHost) {
      this.refuse("request", refusal ?? "domain_mismatch", at);
      return { status: "unfilled" };
    }

    const country = visitorCountry(visit.cdnCountry, visit.ip);
    const decision = this.decideFor(zone, country, visit, signals, now, buyer);
    if (!decision) {
      this.recorder.request(countedEvent(now, zone, country, null), buyer !== undefined);
      return { status: "unfilled" };
    }

    const { campaign, creative } = decision;
    this.recorder.request(countedEvent(now, zone, country, { campaign, creativeId: creative.id }), buyer !== undefined);
    const token = signOffer(
      {
        offerId: newOfferId(),
        zoneId,
        campaignId: campaign.id,
        creativeId: creative.id,
        country,
        pricingModel: campaign.pricingModel,
        bidMicros: campaign.bidMicros,
        issuedAt: now,
        visitor: this.visitorOf(visit),
        pageHost,
        consent: visit.consent,
      },
      this.key,
    );
    return {
      status: "filled",
      ad: {
        zoneId,
        campaignId: campaign.id,
        width: zone.width,
        height: zone.height,
        creative: {
          id: creative.id,
          type: creative.type,
          url: absoluteMediaUrl(creative.contentUrl, origin),
          width: creative.width,
          height: creative.height,
          clickable: creative.clickUrl !== null,
        },
        impressionUrl: `${origin}/t/i?d=${token}`,
        clickUrl: `${origin}/t/c?d=${token}`,
        eventUrl: `${origin}/t/e?d=${token}`,
        ...formatAnswer(zone, creative),
      },
    };
  }

  /**
   * The decision alone: which campaign and creative fill the zone for this visitor, or none; what
   * `npm run bench:serve` times at 100, 1,000 and 10,000 campaigns.
   */
  decideFor(zone: ZoneEntry, country: string, visit: Visit, signals: RequestSignals, now: number, buyer?: PublisherControls): Decision | null {
    const day = reportDay(now);
    const request = targetingRequestOf(signals, zone, country, now);
    return decide(this.inventory.slotFor(zone, country, request.device), {
      country,
      request,
      day,
      spendOf: (campaignId) => this.state.spendOf(campaignId, day),
      hasFunds: (advertiserId) => this.state.hasFunds(advertiserId),
      withinCaps: this.histories.gate(visit.history, now),
      releasedShare: this.trafficCurve.expectedShareBy(now, PACING_LEAD_MS),
      creativeOdds: (creativeId) => this.creativeOdds.oddsOf(creativeId),
      random: Math.random,
      publisher: buyer ? withBuyerControls(zone, buyer) : zone,
      // Counted beside the unfilled request, so the publisher sees what their own controls turned away.
      refused: (reason) => this.refuse("request", reason, { atMs: now, zoneId: zone.id, campaignId: 0 }),
    });
  }

  /**
   * Counts the impression of a served offer once, and bills it; anything else is invalid traffic.
   * `measured`: the tag can tell whether the ad becomes viewable (the beacon says `m=1`).
   * The offer is claimed only after every other check passed, so a refused beacon leaves nothing behind.
   */
  /** What the ad request of a signed offer allowed; undefined for a token that is not ours or an offer signed before offers carried it. */
  offeredConsent(token: unknown): Consent | undefined {
    return verifyOffer(token, this.key)?.consent;
  }

  /** `won`: the impression is a header-bidding win, counted by its burl. */
  async countImpression(token: unknown, visit: Visit, measured = false, won = false): Promise<CountedImpression> {
    try {
      return await this.judgeImpression(token, visit, measured, won);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      return this.refuse("impression", "state_unavailable", this.placeOf(token));
    }
  }

  private async judgeImpression(token: unknown, visit: Visit, measured: boolean, won: boolean): Promise<CountedImpression> {
    const now = Date.now();
    const offer = verifyOffer(token, this.key);
    if (!offer) return this.refuse("impression", "bad_signature", { atMs: now, zoneId: 0, campaignId: 0 });
    const at = { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const zone = this.inventory.zone(offer.zoneId);
    const campaign = this.inventory.campaign(offer.campaignId);
    if (!zone || !campaign) return this.refuse("impression", "bad_signature", at);
    if (this.expired(offer, now)) return this.refuse("impression", "expired", at);
    if (isBot(visit.userAgent)) return this.refuse("impression", "bot", at);
    if (offer.visitor !== this.visitorOf(visit)) return this.refuse("impression", "visitor_mismatch", at);
    // A beacon naming no page (a privacy setting, or no browser at all) is judged by its offer's page.
    const named = namedHost([visit.origin, visit.referer], zone.domain);
    if (named === false || !hostOnDomain(offer.pageHost, zone.domain)) return this.refuse("impression", "domain_mismatch", at);
    const stateRefusal = this.state.offerRefusal(offer.issuedAt);
    if (stateRefusal) return this.refuse("impression", stateRefusal, at);
    if ((await this.state.hit(`imp:${visit.ip}`, 60)) > this.config.delivery.ipImpressionsPerMinute) return this.refuse("impression", "ip_rate", at);
    if (this.state.spendOf(campaign.id, reportDay(now)).total >= campaign.budgetMicros) return this.refuse("impression", "budget_spent", at);
    if (!this.state.hasFunds(campaign.advertiserId)) {
      this.outOfFunds(campaign.id);
      return this.refuse("impression", "no_funds", at);
    }
    const claim = await this.state.claimImpression(offer.offerId, offer.issuedAt, now, this.config.delivery.offerTtlSeconds);
    if (!claim) return this.refuse("impression", "replay", at);

    // Only a CPM offer's impression is charged; the other models' are counted free (their budget and funds checked above).
    const counted = await this.logClaimed(claim, "impression", { campaign, zone, offer, now }, impressionPrice(offer), (charge) =>
      this.recorder.impression(countedEvent(now, zone, offer.country, { campaign, creativeId: offer.creativeId }), { offerId: offer.offerId, issuedAt: offer.issuedAt }, charge, measured, visit.consent.state, won),
    );
    if (!counted.counted) return counted;
    // Only counted impressions move the history, so a refused or replayed beacon costs the visitor nothing.
    return { counted: true, history: this.histories.afterImpression(visit.history, campaign.frequencyCaps ? campaign.id : null, now) };
  }

  /**
   * Charges and logs the event of an offer claimed here, and confirms the claim once the log holds it.
   * A claim taken over from a process that died holding it comes with the charge that process made:
   * the event is logged with that charge, never charged twice. An event that is not logged (its
   * charge refused, or the log failing) releases its claim with the charge made for it, so that the
   * beacon's retry counts it. One the log held already (another process logged it, the dead one
   * among them) is a replay: only a charge made here is given back.
   */
  private async logClaimed(
    claim: Claim,
    event: TrafficEvent,
    { campaign, zone, offer, now }: { campaign: CampaignEntry; zone: ZoneEntry; offer: Offer; now: number },
    priceMicros: number,
    log: (charge: EventCharge) => Promise<boolean>,
  ): Promise<Counted> {
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
    return inherited ? this.refuse(event, "replay", at) : this.refuseLoggedReplay(event, campaign, charge, at);
  }

  /**
   * Charges a campaign for one event on the zone of its impression, within its budget, its daily cap
   * and its advertiser's funds, and says what the event moved (the publisher earns their share), or why it
   * may not be counted. A price of 0 (what a model does not charge for) touches no counter.
   */
  private async charge(campaign: CampaignEntry, zone: ZoneEntry, priceMicros: number, issuedAt: number, now: number, claim?: Claim): Promise<EventCharge | InvalidReason> {
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

  /**
   * Counts a click once, after its impression, and says where to send the visitor. Invalid clicks
   * still reach the landing page (a person may be behind them) but are not counted.
   */
  async countClick(token: unknown, visit: Visit): Promise<Counted & { location: string | null; clickId?: string }> {
    try {
      return await this.judgeClick(token, visit);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      const offer = verifyOffer(token, this.key);
      const location = offer ? (this.inventory.creative(offer.creativeId)?.clickUrl ?? null) : null;
      return { location, ...this.refuse("click", "state_unavailable", this.placeOf(token)) };
    }
  }

  private async judgeClick(token: unknown, visit: Visit): Promise<Counted & { location: string | null; clickId?: string }> {
    const now = Date.now();
    const offer = verifyOffer(token, this.key);
    if (!offer) return { location: null, ...this.refuse("click", "bad_signature", { atMs: now, zoneId: 0, campaignId: 0 }) };
    const at = { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const creative = this.inventory.creative(offer.creativeId);
    const location = creative?.clickUrl ?? null;
    if (!creative || !location) return { location: null, ...this.refuse("click", "bad_signature", at) };
    const refused = (reason: InvalidReason) => ({ location, ...this.refuse("click", reason, at) });

    if (this.expired(offer, now)) return refused("expired");
    if (isBot(visit.userAgent)) return refused("bot");
    if (offer.visitor !== this.visitorOf(visit)) return refused("visitor_mismatch");
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
    if (now - impressionAt < this.config.delivery.minClickDelayMs) return refused("too_fast");
    if ((await this.state.hit(`clk:${visit.ip}`, 3600)) > this.config.delivery.ipClicksPerHour) return refused("ip_rate");
    const claim = await this.state.claimClick(offer.offerId, offer.issuedAt, this.config.delivery.offerTtlSeconds);
    if (!claim) return refused("replay");
    // A CPC offer's valid click is charged; one its budget or funds cannot pay for still reaches
    // the landing page, refused as budget_spent or no_funds like such an impression.
    const clickId = randomBytes(16).toString("base64url");
    const conversionPriceMicros = offer.pricingModel === PricingModel.CPA ? offer.bidMicros : 0;
    const counted = countedEvent(now, zone, offer.country, { campaign, creativeId: offer.creativeId });
    const judged = await this.logClaimed(claim, "click", { campaign, zone, offer, now }, offer.pricingModel === PricingModel.CPC ? offer.bidMicros : 0, (charge) =>
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
      return this.refuse(event, "state_unavailable", this.placeOf(token));
    }
  }

  private async judgeOfferEvent(token: unknown, event: OfferEvent, visit: Visit): Promise<Counted> {
    const now = Date.now();
    const offer = verifyOffer(token, this.key);
    if (!offer) return this.refuse(event, "bad_signature", { atMs: now, zoneId: 0, campaignId: 0 });
    const at = { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const zone = this.inventory.zone(offer.zoneId);
    const campaign = this.inventory.campaign(offer.campaignId);
    const creative = this.inventory.creative(offer.creativeId);
    if (!zone || !campaign || !creative) return this.refuse(event, "bad_signature", at);
    if (event === "error") return this.refuse(event, "vast_error", at);
    if (!isMeasuredEvent(event)) return { counted: false };
    if (this.expired(offer, now)) return this.refuse(event, "expired", at);
    if (isBot(visit.userAgent)) return this.refuse(event, "bot", at);
    if (offer.visitor !== this.visitorOf(visit)) return this.refuse(event, "visitor_mismatch", at);
    // A player may run in its creative's own frame, like an HTML creative's click.
    if (namedHost([visit.origin, visit.referer], zone.domain, hostOf(creative.contentUrl)) === false) return this.refuse(event, "domain_mismatch", at);
    const stateRefusal = this.state.offerRefusal(offer.issuedAt);
    if (stateRefusal) return this.refuse(event, stateRefusal, at);
    if ((await this.impressionTime(offer.offerId)) === null) return this.refuse(event, "no_impression", at);
    const claim = await this.state.claimOfferEvent(offer.offerId, event, offer.issuedAt, this.config.delivery.offerTtlSeconds);
    if (!claim) return this.refuse(event, "replay", at);
    return this.logClaimed(claim, event, { campaign, zone, offer, now }, offerEventPrice(offer, event), (charge) =>
      this.recorder.offerEvent(event, countedEvent(now, zone, offer.country, { campaign, creativeId: offer.creativeId }), { offerId: offer.offerId, issuedAt: offer.issuedAt }, charge),
    );
  }

  /**
   * A header-bidding bid lost the publisher's auction (its `lurl`): its impression will never be
   * counted, which the publisher's report shows beside the refused traffic. A forged notice is refused.
   */
  /** A header-bidding loss, told by the bid's lurl with the price that won (CPM, US dollars). */
  countLoss(token: unknown, clearingPrice: unknown): Counted {
    const now = Date.now();
    const offer = verifyOffer(token, this.key);
    if (!offer) return this.refuse("impression", "bad_signature", { atMs: now, zoneId: 0, campaignId: 0 });
    const zone = this.inventory.zone(offer.zoneId);
    const campaign = this.inventory.campaign(offer.campaignId);
    if (zone && campaign) this.recorder.loss(countedEvent(now, zone, offer.country, { campaign, creativeId: offer.creativeId }), priceMicrosOf(clearingPrice));
    return this.refuse("impression", "auction_lost", { atMs: now, zoneId: offer.zoneId, campaignId: offer.campaignId });
  }

  /** Counts a conversion for the campaign's click that brought the visitor, within 30 days, once; charges a CPA click's bid. */
  async countConversion(campaignId: number, signature: unknown, clickId: unknown): Promise<boolean> {
    const now = Date.now();
    const at = { atMs: now, zoneId: 0, campaignId };
    let refusal: InvalidReason | null = null;
    try {
      if (!verifyConversionSignature(campaignId, signature, this.key)) refusal = "bad_signature";
      else if (typeof clickId !== "string" || !CLICK_ID.test(clickId)) refusal = "no_click";
      else refusal = await this.judgeConversion(campaignId, clickId, now);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) throw error;
      refusal = "state_unavailable";
    }
    if (refusal) this.refuse("conversion", refusal, at);
    return refusal === null;
  }

  /**
   * A CPA click's conversion is claimed in the shared state before its price is charged, so a pixel
   * fired twice, or in two processes, charges the budget once; the writer's transaction books it,
   * like any conversion, once whatever happens (see creditConversions).
   */
  private async judgeConversion(campaignId: number, clickId: string, now: number): Promise<InvalidReason | null> {
    const click = await this.recorder.convertibleClick(clickId, campaignId, now - CONVERSION_WINDOW_MS);
    if (typeof click === "string") return click;
    let charge: EventCharge = NO_CHARGE;
    let campaign: CampaignEntry | undefined;
    if (click.conversionPriceMicros > 0) {
      const leftSeconds = Math.max(1, Math.ceil((click.counted.atMs + CONVERSION_WINDOW_MS - now) / 1000));
      if (!(await this.state.claimConversion(clickId, click.counted.atMs, leftSeconds))) return "replay";
      campaign = this.inventory.campaign(campaignId);
      const zone = this.inventory.zone(click.counted.zoneId);
      // A campaign or zone gone from the catalogue can no longer be billed, like its impressions and clicks.
      if (!campaign || !zone) return "bad_signature";
      const charged = await this.charge(campaign, zone, click.conversionPriceMicros, now, now);
      if (typeof charged === "string") return charged;
      charge = charged;
    }
    if (await this.recorder.conversion(clickId, { ...click.counted, atMs: now }, charge)) return null;
    if (campaign) await this.refund(campaign, charge, now);
    return "replay";
  }

  conversionPixelUrl(campaignId: number, origin: string): string {
    return `${origin}/t/conversion?campaign=${campaignId}&sig=${conversionSignature(campaignId, this.key)}`;
  }

  /**
   * Offers are bound to the visitor they were served to; see visitorHash. A visitor asks for
   * several ads and sends their beacons: each one's hash is made once, and a bounded number kept.
   */
  private visitorOf(visit: Visit): string {
    const network = networkOf(visit.ip);
    const known = `${network}|${visit.userAgent}`;
    let hash = this.visitorHashes.get(known);
    if (hash === undefined) {
      hash = visitorHash(network, visit.userAgent, this.key);
      if (this.visitorHashes.size >= REMEMBERED_VISITORS) this.visitorHashes.clear();
      this.visitorHashes.set(known, hash);
    }
    return hash;
  }

  private expired(offer: Offer, now: number): boolean {
    return now - offer.issuedAt > this.config.delivery.offerTtlSeconds * 1000 || offer.issuedAt > now + 60_000;
  }

  /** Gives back what an event was charged (see charge) when it was not counted after all. */
  private async refund(campaign: CampaignEntry, charge: EventCharge, chargedAt: number): Promise<void> {
    if (charge.spendMicros > 0) await this.state.refund(campaign.id, charge.spendMicros, reportDay(chargedAt), campaign.advertiserId);
  }

  /**
   * An event the log held already: another process counted it (a beacon sent again elsewhere, or to
   * both at once). Its charge here is given back, and it is refused as a replay.
   */
  private async refuseLoggedReplay(event: TrafficEvent, campaign: CampaignEntry, charge: EventCharge, at: InvalidPlace): Promise<Counted> {
    await this.refund(campaign, charge, at.atMs);
    return this.refuse(event, "replay", at);
  }

  /** Records an event as invalid traffic, never to be billed. */
  private refuse(event: TrafficEvent, reason: InvalidReason, at: InvalidPlace): Counted {
    this.recorder.invalid(event, reason, at);
    return { counted: false, reason };
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

  /** Claims again an offer the log counted, for what is left of its lifetime. */
  private async reclaim({ type, event, offerId, issuedAt, atMs }: LoggedClaim): Promise<void> {
    const leftSeconds = Math.ceil((issuedAt + this.config.delivery.offerTtlSeconds * 1000 - Date.now()) / 1000);
    if (leftSeconds <= 0) return;
    if (type === "impression") await this.state.claimImpression(offerId, issuedAt, atMs, leftSeconds);
    else if (type === "offer_event") await this.state.claimOfferEvent(offerId, event ?? "", issuedAt, leftSeconds);
    else await this.state.claimClick(offerId, issuedAt, leftSeconds);
  }

  private completeCampaign(campaignId: number): void {
    this.inventory.withdraw(campaignId);
    this.recorder.campaignCompleted(campaignId);
  }

  /** Where an event that could not be judged is recorded: its offer's zone and campaign when the token is good. */
  private placeOf(token: unknown): InvalidPlace {
    const offer = verifyOffer(token, this.key);
    return { atMs: Date.now(), zoneId: offer?.zoneId ?? 0, campaignId: offer?.campaignId ?? 0 };
  }

  private outOfFunds(campaignId: number): void {
    const now = Date.now();
    if ((this.outOfFundsToldAt.get(campaignId) ?? 0) > now - OUT_OF_FUNDS_NOTICE_MS) return;
    this.outOfFundsToldAt.set(campaignId, now);
    this.recorder.campaignOutOfFunds(campaignId);
  }

  /**
   * An advertiser's deposit, credit or credit limit changed: their allowance reaches the shared
   * state at once (every process, through Redis), and the other processes reload to see it too.
   */
  async fundsChanged(advertiserId: number): Promise<void> {
    // Through the load path: the allowance replaced, the spent counter started from the ledger if no process holds one yet.
    if (this.started) await this.state.loadFunds([advertiserId]);
    // The advertisers' allowances are read with the campaigns.
    this.catalogueNews?.announce(["campaigns"]);
  }

  /**
   * Budgets and advertisers' spent counters start, and are rebuilt after a lost Redis, from the
   * ledger plus the spend counted and not yet written. The pending spend is read before the ledger:
   * a batch written in between is then counted twice (a budget stops a little early), never missed.
   * Advertisers' allowances come from the database, which is their record.
   */
  private spendSource(): SpendSource {
    const pending = (day: string, writtenSinceMs?: number) => this.recorder.pendingSpendByCampaign(reportCalendar().dateStart(day), writtenSinceMs);
    const pendingFunds = (writtenSinceMs?: number) => this.recorder.pendingSpendByAdvertiser(writtenSinceMs);
    const ledgerSpend = async (campaignIds: number[], day: string) => {
      const [totals, today] = await Promise.all([
        this.ledger.spendByCampaign(campaignIds),
        this.ledger.spendByCampaign(campaignIds, new Date(reportCalendar().dateStart(day))),
      ]);
      return new Map<number, CampaignSpend>(campaignIds.map((id) => [id, { total: totals.get(id) ?? 0, today: today.get(id) ?? 0 }]));
    };
    const bookedFunds = async (advertiserIds: number[]) => {
      const accounts = await advertiserAccounts(this.dataSource.manager, advertiserIds);
      return new Map<number, AdvertiserFunds>([...accounts].map(([id, { spentMicros, allowanceMicros }]) => [id, { spentMicros, allowanceMicros }]));
    };
    return {
      campaignIds: () => this.inventory.servableCampaignIds(),
      advertiserIds: () => this.inventory.servableAdvertiserIds(),
      pending,
      pendingFunds,
      load: async (campaignIds, day) => {
        const unwritten = pending(day);
        const booked = await ledgerSpend(campaignIds, day);
        for (const [id, spend] of booked) booked.set(id, { total: spend.total + (unwritten.get(id)?.total ?? 0), today: spend.today + (unwritten.get(id)?.today ?? 0) });
        return booked;
      },
      loadFunds: async (advertiserIds) => {
        const unwritten = pendingFunds();
        const booked = await bookedFunds(advertiserIds);
        for (const [id, funds] of booked) funds.spentMicros += unwritten.get(id) ?? 0;
        return booked;
      },
      books: async (campaignIds, advertiserIds, day) => {
        const [spend, funds] = await Promise.all([ledgerSpend(campaignIds, day), bookedFunds(advertiserIds)]);
        return { spend, funds };
      },
      eventLog: () => this.recorder.logShared(),
      logPositions: () => this.recorder.logPositions(),
    };
  }

  /** Each approved creative of the campaign with its recent results and its share of the campaign's impressions now. */
  creativeRotation(campaign: Pick<Campaign, "id" | "rotation">): Promise<CreativeRotationRow[]> {
    return rotationReport(this.dataSource, campaign, Date.now());
  }

  /** Reads the traffic curve and the creatives' odds again now, rather than at their next tick. */
  async refreshForecasts(): Promise<void> {
    await this.refreshTrafficCurve();
    await this.refreshCreativeOdds();
  }

  private async refreshTrafficCurve(): Promise<void> {
    this.trafficCurve = await loadTrafficCurve(this.dataSource, Date.now());
  }

  private async refreshCreativeOdds(): Promise<void> {
    this.creativeOdds = await loadCreativeOdds(this.dataSource, Date.now());
  }

  private every(intervalMs: number, task: () => Promise<void>): void {
    const timer = setInterval(() => {
      task().catch((error) => this.log.warn({ err: error }, "delivery background task failed; retrying"));
    }, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }
}

/** What an event charged `priceMicros` moves: the publisher earns the zone's share of it. */
function chargeOn(zone: ZoneEntry, priceMicros: number): EventCharge {
  return { spendMicros: priceMicros, earningMicros: Math.floor((priceMicros * zone.revenueShareBps) / 10_000) };
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
