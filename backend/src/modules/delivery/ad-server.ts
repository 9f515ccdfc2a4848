import type { DataSource } from "typeorm";
import type { Config } from "../../config";
import type { StateHealth } from "../../http/health";
import type { Campaign } from "../campaigns/campaign.entity";
import type { Consent } from "../consent/consent";
import { MembershipReader } from "../audiences/memberships";
import { VisitorHistories } from "../frequency-caps/visitor-histories";
import type { LedgerService } from "../ledger/ledger.service";
import type { RequestSignals } from "../targeting/request-context";
import type { TargetingRequest } from "../targeting/request";
import { type PageResult, type PodResult, type ServedAd, type ServeResult, servedAd } from "./answer/served-ad";
import { recommendationAnswer } from "./answer/recommendation-answer";
import { recommendsContent } from "../zones/zone-presentation";
import { BackgroundTasks, type DeliveryLog } from "./background-tasks";
import { type ImpressionNotice, type JudgedClick, BeaconJudge } from "./counting/beacon-judge";
import { Charging } from "./counting/charging";
import { ConversionJudge } from "./counting/conversions";
import type { EventLog } from "./counting/event-log/event-log";
import type { DeliveryTallies } from "./counting/delivery-tallies";
import { type CampaignNewsListener, EventRecorder } from "./counting/event-recorder";
import { type Counted, type CountedImpression, type Refuse, refusalsTo } from "./counting/judged";
import { writeLastEvents } from "./counting/last-flush";
import type { OfferEvent } from "./counting/offer-events";
import { newOfferId, trackingKey } from "./counting/offer-token";
import { Offers } from "./counting/offers";
import { spendSource } from "./counting/spend-source";
import type { CatalogueNews } from "./decision/catalogue-news";
import { Decider } from "./decision/decider";
import { type Decision, offeredBidMicros, reportDay } from "./decision/decision";
import { Inventory } from "./decision/inventory";
import { emptyPage, type PageSoFar, withCampaign } from "./decision/page-so-far";
import { PageTokens } from "./request/page-token";
import type { PublisherControls } from "./decision/publisher-controls";
import { type CreativeRotationRow, rotationReport } from "./learning/creative-odds";
import type { ZoneBids, ZoneTally } from "./learning/goal-bids";
import { goalZoneTallies } from "./learning/rate-tallies";
import { LearningLoops, type OptimisationRecords } from "./learning/learning-loops";
import type { Prediction } from "./learning/rate-prediction";
import type { ZoneEntry } from "./model";
import { type BatchWriter, countedEvent } from "./counting/counted-events";
import { RequestScreen } from "./quality/request-screen";
import { visitorCountry } from "./request/geo";
import { namedHost } from "./request/page-host";
import type { Visit } from "./request/visit";
import { type DeliveryState, MemoryDeliveryState } from "./state/delivery-state";

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
  /** Where the optimisation engine records the placements it excludes and what it changed; none leaves goal campaigns unexcluded. */
  optimisation?: OptimisationRecords;
}

/** A request the screen let through, for a zone of the catalogue on a page of its site. */
interface Admitted {
  status: "admitted";
  zone: ZoneEntry;
  pageHost: string;
  country: string;
  now: number;
}

/**
 * The ad server: decides which ad fills a zone, counts impressions, clicks and conversions once
 * each, keeps invalid traffic out of the bill, and charges campaigns and credits publishers through
 * the event recorder. Decisions read only memory. It wires the stages, each in its own room: the
 * request's screen (quality/), the decision (decision/), the answer (answer/), the judging and
 * charging of beacons (counting/), the shared state (state/) and the learning loops (learning/).
 */
export class AdServer {
  readonly inventory: Inventory;
  private readonly state: DeliveryState;
  private readonly catalogueNews: CatalogueNews | null;
  private readonly recorder: EventRecorder;
  private readonly refuse: Refuse;
  private readonly offers: Offers;
  private readonly pageTokens: PageTokens;
  private readonly screen: RequestScreen;
  private readonly decider: Decider;
  private readonly learning: LearningLoops;
  private readonly beacons: BeaconJudge;
  private readonly conversions: ConversionJudge;
  private background: BackgroundTasks | null = null;
  private log: DeliveryLog = console;
  /** Set once the state has started: funds changes before then are loaded by the start itself. */
  private started = false;

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
    this.refuse = refusalsTo(this.recorder);
    const key = trackingKey(config.jwtSecret);
    this.offers = new Offers(key, config.delivery);
    this.pageTokens = new PageTokens(key);
    const histories = new VisitorHistories(key);
    this.screen = new RequestScreen(config.delivery, this.state);
    this.learning = new LearningLoops(dataSource, this.inventory, parts.optimisation, this.state);
    this.decider = new Decider(this.inventory, this.state, histories, new MembershipReader(key), this.learning, (reason, zoneId, atMs) => this.refuse("request", reason, { atMs, zoneId, campaignId: 0 }));
    const charging = new Charging(this.state, this.inventory, this.recorder, this.refuse);
    const judging = { offers: this.offers, inventory: this.inventory, state: this.state, recorder: this.recorder, charging, refuse: this.refuse };
    this.beacons = new BeaconJudge(judging, histories, config.delivery);
    this.conversions = new ConversionJudge(judging);
  }

  async start(log?: DeliveryLog): Promise<void> {
    if (log) this.log = log;
    const background = (this.background = new BackgroundTasks(this.log));
    // This process's single-use claims were in its memory: the offers the log counted are claimed
    // again for as long as they can be replayed. Redis keeps its own.
    await this.recorder.open(this.state instanceof MemoryDeliveryState ? (claim) => this.beacons.reclaim(claim) : undefined);
    await this.learning.startPricing(this.log);
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
    await this.state.start(spendSource(this.dataSource, this.ledger, this.recorder, this.inventory), reportDay(Date.now()));
    // With the shared state adopted from other processes, the advertisers' funds are read before the
    // first ad or beacon: read as "none" meanwhile, a restart would refuse beacons and tell
    // advertisers they had run out of funds.
    await this.state.refreshFunds(this.inventory.servableAdvertiserIds()).catch((error) => this.log.warn({ err: error }, "could not read the advertisers' funds yet; retrying"));
    this.started = true;
    await this.learning.startLoops(background, this.log);
    background.every(this.config.delivery.flushIntervalMs, () => this.recorder.flushDue());
    background.every(1000, async () => {
      await this.state.check();
      await this.state.reconcile(reportDay(Date.now()));
      await this.state.refreshSpend(this.inventory.servableCampaignIds(), reportDay(Date.now()));
      await this.state.refreshFunds(this.inventory.servableAdvertiserIds());
    });
  }

  /** Stops serving, writes what it can of the counted events (see writeLastEvents) and lets go of the state. */
  async stop(): Promise<void> {
    this.background?.stop();
    await this.inventory.stop();
    await writeLastEvents(this.recorder, this.log);
    await this.state.close();
  }

  /**
   * Fills a zone for a visit: the tag's ad request, and a header-bidding bid request, whose buyer's
   * floor and blocks come on top of the publisher's own (`buyer`).
   */
  serve(zoneId: number, visit: Visit, origin: string, signals: RequestSignals, buyer?: PublisherControls): ServeResult {
    const admitted = this.admit(zoneId, visit);
    if (admitted.status !== "admitted") return admitted;
    const { zone, country, now } = admitted;
    // A header-bidding buyer bids for one ad: a recommendation box's several are the tag's alone.
    if (buyer === undefined && recommendsContent(zone)) return this.recommend(admitted, visit, origin, signals).result;
    const kind = buyer === undefined ? "tag" : "bid";
    const request = this.decider.targetingRequest(zone, country, visit, signals, now);
    const decision = this.decider.decideRequest(zone, request, visit, now, buyer);
    if (!decision) {
      this.recorder.request(countedEvent(now, zone, country, null), kind, request);
      return { status: "unfilled" };
    }
    return { status: "filled", ad: this.offer(admitted, decision, visit, origin, kind, request) };
  }

  /**
   * Fills one break of a video zone with an ad pod (see decision/ad-pod.ts): each ad is a request
   * filled and an offer of its own, so each is counted and billed as a single ad is; a break
   * nothing fills is one unfilled request.
   */
  servePod(zoneId: number, visit: Visit, origin: string, signals: RequestSignals, limits: { maxAds: number; breakMs: number }): PodResult {
    const admitted = this.admit(zoneId, visit);
    if (admitted.status !== "admitted") return admitted;
    const { zone, country, now } = admitted;
    const request = this.decider.targetingRequest(zone, country, visit, signals, now);
    const decisions = this.decider.decidePod(zone, request, visit, now, limits);
    if (decisions.length === 0) {
      this.recorder.request(countedEvent(now, zone, country, null), "tag", request);
      return { status: "unfilled" };
    }
    return { status: "filled", ads: decisions.map((decision) => ({ ad: this.offer(admitted, decision, visit, origin, "tag", request), creative: decision.creative })) };
  }

  /** The zone and where the visitor is, once the request's screen and the zone's domain let it through. */
  private admit(zoneId: number, visit: Visit): Admitted | { status: "unfilled" | "unknown_zone" } {
    const now = Date.now();
    const requestsThisMinute = this.screen.countRequest(visit.ip, now);
    const zone = this.inventory.zone(zoneId);
    if (!zone) return { status: "unknown_zone" };
    const pageHost = namedHost([visit.page, visit.origin, visit.referer], zone.domain);
    const refusal = this.screen.refusal(requestsThisMinute, visit, zone, pageHost);
    if (refusal || !pageHost) {
      this.refuse("request", refusal ?? "domain_mismatch", { atMs: now, zoneId, campaignId: 0 });
      return { status: "unfilled" };
    }
    return { status: "admitted", zone, pageHost, country: visitorCountry(visit.cdnCountry, visit.ip), now };
  }

  /**
   * A content recommendation zone's ads: each of its slots an ad request of its own (filled or not,
   * as the publisher's fill rate counts them), filled by one decision of distinct advertisers, each
   * ad offered under its own signed token, so each is counted and charged its own price as a single ad
   * is; beside what the page shows, when it is one of a page's zones.
   */
  private recommend(admitted: Admitted, visit: Visit, origin: string, signals: RequestSignals, page?: PageSoFar): { result: ServeResult; decisions: Decision[] } {
    const { zone, country, now } = admitted;
    const request = this.decider.targetingRequest(zone, country, visit, signals, now);
    const decisions = this.decider.decideSeveral(zone, request, visit, now, zone.adCount, page);
    const ads = decisions.map((decision) => this.offer(admitted, decision, visit, origin, "tag", request));
    for (let slot = ads.length; slot < zone.adCount; slot++) this.recorder.request(countedEvent(now, zone, country, null), "tag", request);
    const answer = recommendationAnswer(zone, ads);
    return { result: answer ? { status: "recommended", answer } : { status: "unfilled" }, decisions };
  }

  /**
   * A page's zones asked for at once (the tag's page request), or a zone asked for later with the
   * page's token (`token`, what the page shows already): decided together (see
   * decision/page-decision.ts), each zone still a request of its own, counted, offered and beaconed
   * as a zone alone is. Answered with the page's new token, for the zones it asks for later; the
   * zones of one page are of one site, and any of another is left unfilled. A token forged, expired
   * or of another site is refused with the reason: it is never read as a page showing nothing.
   */
  servePage(zoneIds: readonly number[], visit: Visit, origin: string, signals: RequestSignals, token?: unknown): PageResult {
    const admitted = zoneIds.map((zoneId) => this.admit(zoneId, visit));
    const first = admitted.find((each): each is Admitted => each.status === "admitted");
    if (!first) return { status: "page", zones: admitted.map((each, index) => ({ zoneId: zoneIds[index], result: each as ServeResult })), pageToken: null };
    const { siteId } = first.zone;
    let page = emptyPage();
    if (token !== undefined) {
      const reading = this.pageTokens.read(token, siteId, first.now);
      if (reading.status === "refused") return { status: "refused", reason: reading.reason };
      page = reading.page;
    }
    const onPage = (each: Admitted | { status: "unfilled" | "unknown_zone" }): each is Admitted => each.status === "admitted" && each.zone.siteId === siteId;
    const results: ServeResult[] = admitted.map((each) => (each.status === "admitted" ? { status: "unfilled" } : each));
    const singles = admitted.flatMap((each, index) => (onPage(each) && !recommendsContent(each.zone) ? [{ index, admitted: each, request: this.decider.targetingRequest(each.zone, each.country, visit, signals, each.now) }] : []));
    const decided = this.decider.decidePage(singles.map(({ admitted: { zone }, request }) => ({ zone, request })), visit, first.now, page);
    page = decided.page;
    singles.forEach(({ index, admitted: each, request }, n) => {
      const decision = decided.decisions[n];
      if (decision) results[index] = { status: "filled", ad: this.offer(each, decision, visit, origin, "tag", request) };
      else this.recorder.request(countedEvent(each.now, each.zone, each.country, null), "tag", request);
    });
    admitted.forEach((each, index) => {
      if (!onPage(each) || !recommendsContent(each.zone)) return;
      const box = this.recommend(each, visit, origin, signals, page);
      results[index] = box.result;
      for (const { campaign } of box.decisions) page = withCampaign(page, campaign);
    });
    return { status: "page", zones: results.map((result, index) => ({ zoneId: zoneIds[index], result })), pageToken: this.pageTokens.sign(siteId, page, first.now) };
  }

  /** A decision counted as a filled request and offered under a signed token of its own. */
  private offer({ zone, pageHost, country, now }: Admitted, { campaign, creative }: Decision, visit: Visit, origin: string, kind: "tag" | "bid", request: TargetingRequest): ServedAd {
    this.recorder.request(countedEvent(now, zone, country, { campaign, creativeId: creative.id }), kind, request);
    const token = this.offers.sign({
      offerId: newOfferId(),
      zoneId: zone.id,
      campaignId: campaign.id,
      creativeId: creative.id,
      country,
      pricingModel: campaign.pricingModel,
      // A goal campaign pays what it offered in this zone: its bid per zone, never above its bid; a house ad pays nothing.
      bidMicros: offeredBidMicros(campaign, zone.id),
      issuedAt: now,
      visitor: this.offers.visitorOf(visit),
      pageHost,
      consent: visit.consent,
    });
    return servedAd(zone, campaign.id, creative, token, origin);
  }

  /** The decision alone (see Decider): what `npm run bench:serve` times. */
  decideFor(zone: ZoneEntry, country: string, visit: Visit, signals: RequestSignals, now: number, buyer?: PublisherControls): Decision | null {
    return this.decider.decide(zone, country, visit, signals, now, buyer);
  }

  /** What the ad request of a signed offer allowed; undefined for a token that is not ours or an offer signed before offers carried it. */
  offeredConsent(token: unknown): Consent | undefined {
    return this.offers.consentOf(token);
  }

  /** See BeaconJudge for how each beacon is judged. */
  countImpression(token: unknown, visit: Visit, notice: ImpressionNotice): Promise<CountedImpression> {
    return this.beacons.countImpression(token, visit, notice);
  }

  countClick(token: unknown, visit: Visit): Promise<JudgedClick> {
    return this.beacons.countClick(token, visit);
  }

  countOfferEvent(token: unknown, event: OfferEvent, visit: Visit): Promise<Counted> {
    return this.beacons.countOfferEvent(token, event, visit);
  }

  countLoss(token: unknown, clearingPrice: unknown): Counted {
    return this.beacons.countLoss(token, clearingPrice);
  }

  countConversion(campaignId: number, signature: unknown, clickId: unknown): Promise<boolean> {
    return this.conversions.countConversion(campaignId, signature, clickId);
  }

  conversionPixelUrl(campaignId: number, origin: string): string {
    return this.offers.conversionPixelUrl(campaignId, origin);
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

  /** A campaign's predicted rates and eCPM, as the auction uses them; null when it is not in the catalogue. */
  prediction(campaignId: number): Prediction | null {
    return this.learning.prediction(campaignId);
  }

  refreshPredictions(): Promise<void> {
    return this.learning.refreshPredictions();
  }

  refreshForecasts(): Promise<void> {
    return this.learning.refreshForecasts();
  }

  /** A goal campaign's bids per zone as the auction uses them now; null for a fixed bid. */
  zoneBids(campaignId: number): ZoneBids | null {
    return this.learning.zoneBids(campaignId);
  }

  /** A goal campaign's results zone by zone, as its bids and placements are judged on them. */
  zoneResults(campaignId: number): Promise<ZoneTally[]> {
    return goalZoneTallies(this.dataSource, Date.now(), campaignId);
  }

  /** Each approved creative of the campaign with its recent results and its share of the campaign's impressions now. */
  creativeRotation(campaign: Pick<Campaign, "id" | "rotation">): Promise<CreativeRotationRow[]> {
    return rotationReport(this.dataSource, campaign, Date.now());
  }

  /** Whether budgets, offers and rates can be judged now (Redis reachable and verified, when configured). */
  stateHealth(): StateHealth {
    return this.state.health();
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
}
