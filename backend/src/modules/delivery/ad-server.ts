import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { DataSource } from "typeorm";
import type { Config } from "../../config";
import { advertiserAccounts } from "../funds/funds-totals";
import { LedgerService } from "../ledger/ledger.service";
import { decide, utcDay } from "./decision";
import type { CatalogueNews } from "./catalogue-news";
import type { DeliveryState } from "./delivery-state";
import { EventRecorder } from "./event-recorder";
import { networkOf } from "./client-network";
import { visitorCountry } from "./geo";
import { Inventory } from "./inventory";
import type { BatchWriter, TrafficEvent } from "./model";
import { conversionSignature, newOfferId, Offer, signOffer, trackingKey, verifyConversionSignature, verifyOffer, visitorHash } from "./offer-token";
import type { InvalidReason } from "./invalid-reasons";
import { hostOf, hostOnDomain, namedHost } from "./page-host";
import { RequestRate } from "./request-rate";
import { isBot } from "./traffic-rules";

/** What the composition root chooses for one process alone or for several sharing Redis. */
export interface DeliveryParts {
  state: DeliveryState;
  writer: BatchWriter;
  catalogueNews: CatalogueNews | null;
}

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
}

export interface ServedAd {
  zoneId: number;
  width: number;
  height: number;
  creative: { id: number; type: string; url: string; width: number; height: number; clickable: boolean };
  impressionUrl: string;
  clickUrl: string;
}

export type ServeResult = { status: "filled"; ad: ServedAd } | { status: "unfilled" } | { status: "unknown_zone" };

/** Whether an event was counted, and if not, why. */
export interface Counted {
  counted: boolean;
  reason?: InvalidReason;
}

const CONVERSION_WINDOW_MS = 30 * 24 * 3600 * 1000;
/** Visitors whose hash is kept: a user agent is at most 1 KB (longer is a bot), so about 10 MB at worst. */
const REMEMBERED_VISITORS = 10_000;
const CLICK_ID = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * The ad server: decides which ad fills a zone, counts impressions, clicks and conversions
 * once each, keeps invalid traffic out of the bill, and charges campaigns and credits
 * publishers through the event recorder. Decisions read only memory.
 */
export class AdServer {
  readonly inventory: Inventory;
  private readonly recorder: EventRecorder;
  private readonly state: DeliveryState;
  private readonly requests = new RequestRate();
  private readonly visitorHashes = new Map<string, string>();
  private readonly key: Buffer;
  private readonly timers: NodeJS.Timeout[] = [];
  private log: Pick<FastifyBaseLogger, "warn" | "error"> = console;

  private readonly catalogueNews: CatalogueNews | null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: Config,
    private readonly ledger: LedgerService,
    parts: DeliveryParts,
  ) {
    this.state = parts.state;
    this.catalogueNews = parts.catalogueNews;
    this.inventory = new Inventory(dataSource, config.delivery.defaultRevenueShareBps, parts.catalogueNews);
    this.recorder = new EventRecorder(dataSource, parts.writer);
    this.key = trackingKey(config.jwtSecret);
  }

  async start(log?: Pick<FastifyBaseLogger, "warn" | "error">): Promise<void> {
    if (log) this.log = log;
    // Every load seeds what is new since the last: campaigns' spend and advertisers' funds.
    this.inventory.afterLoad(() => this.seedSpend());
    await this.inventory.start(this.config.delivery.refreshIntervalMs);
    this.every(this.config.delivery.flushIntervalMs, () => this.recorder.flush());
    this.every(1000, async () => {
      await this.state.refreshSpend(this.inventory.servableCampaignIds(), utcDay(Date.now()));
      await this.state.refreshFunds(this.inventory.servableAdvertiserIds());
    });
  }

  /** Stops serving and writes every counted event; retries while the database is away. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.inventory.stop();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.recorder.flush();
        break;
      } catch (error) {
        if (attempt >= 5) {
          this.log.error({ err: error }, "could not write the last delivery events");
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
    await this.recorder.close();
    await this.state.close();
  }

  /** Writes what has been counted now, rather than at the next tick. */
  /** How long the writer's last flushes took, and how many rows each carried. */
  get flushTimes(): readonly { rows: number; ms: number }[] {
    return this.recorder.flushTimes;
  }

  flush(): Promise<void> {
    return this.recorder.flush();
  }

  serve(zoneId: number, visit: Visit, origin: string): ServeResult {
    const now = Date.now();
    const overRate = this.requests.hit(visit.ip, now) > this.config.delivery.ipRequestsPerMinute;
    const zone = this.inventory.zone(zoneId);
    if (!zone) return { status: "unknown_zone" };
    const at = { hour: now, zoneId, campaignId: 0 };
    const pageHost = namedHost([visit.page, visit.origin, visit.referer], zone.domain);
    const refusal = overRate ? "ip_rate" : isBot(visit.userAgent) ? "bot" : pageHost ? null : "domain_mismatch";
    if (refusal || !pageHost) {
      this.refuse("request", refusal ?? "domain_mismatch", at);
      return { status: "unfilled" };
    }

    const country = visitorCountry(visit.cdnCountry, visit.ip);
    const day = utcDay(now);
    const decision = decide(this.inventory.slotFor(zone), {
      country,
      day,
      spendOf: (campaignId) => this.state.spendOf(campaignId, day),
      hasFunds: (advertiserId) => this.state.hasFunds(advertiserId),
      random: Math.random,
    });
    if (!decision) {
      this.recorder.request({ hour: now, zoneId, campaignId: 0, creativeId: 0, country });
      return { status: "unfilled" };
    }

    const { campaign, creative } = decision;
    this.recorder.request({ hour: now, zoneId, campaignId: campaign.id, creativeId: creative.id, country });
    const token = signOffer(
      {
        offerId: newOfferId(),
        zoneId,
        campaignId: campaign.id,
        creativeId: creative.id,
        country,
        cpmMicros: campaign.cpmMicros,
        issuedAt: now,
        visitor: this.visitorOf(visit),
        pageHost,
      },
      this.key,
    );
    return {
      status: "filled",
      ad: {
        zoneId,
        width: zone.width,
        height: zone.height,
        creative: {
          id: creative.id,
          type: creative.type,
          url: creative.contentUrl,
          width: creative.width,
          height: creative.height,
          clickable: creative.clickUrl !== null,
        },
        impressionUrl: `${origin}/t/i?d=${token}`,
        clickUrl: `${origin}/t/c?d=${token}`,
      },
    };
  }

  /**
   * Counts the impression of a served offer once, and bills it; anything else is invalid traffic.
   * The offer is claimed only after every other check passed, so a refused beacon leaves nothing behind.
   */
  async countImpression(token: unknown, visit: Visit): Promise<Counted> {
    const now = Date.now();
    const offer = verifyOffer(token, this.key);
    if (!offer) return this.refuse("impression", "bad_signature", { hour: now, zoneId: 0, campaignId: 0 });
    const at = { hour: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const zone = this.inventory.zone(offer.zoneId);
    const campaign = this.inventory.campaign(offer.campaignId);
    if (!zone || !campaign) return this.refuse("impression", "bad_signature", at);
    if (this.expired(offer, now)) return this.refuse("impression", "expired", at);
    if (isBot(visit.userAgent)) return this.refuse("impression", "bot", at);
    if (offer.visitor !== this.visitorOf(visit)) return this.refuse("impression", "visitor_mismatch", at);
    // A beacon naming no page (a privacy setting, or no browser at all) is judged by its offer's page.
    const named = namedHost([visit.origin, visit.referer], zone.domain);
    if (named === false || !hostOnDomain(offer.pageHost, zone.domain)) return this.refuse("impression", "domain_mismatch", at);
    if ((await this.state.hit(`imp:${visit.ip}`, 60)) > this.config.delivery.ipImpressionsPerMinute) return this.refuse("impression", "ip_rate", at);
    if (this.state.spendOf(campaign.id, utcDay(now)).total >= campaign.budgetMicros) return this.refuse("impression", "budget_spent", at);
    if (!this.state.hasFunds(campaign.advertiserId)) return this.refuse("impression", "no_funds", at);
    const claimed = await this.state.claimImpression(offer.offerId, offer.issuedAt, now, this.config.delivery.offerTtlSeconds);
    if (!claimed) return this.refuse("impression", "replay", at);

    const priceMicros = Math.floor(offer.cpmMicros / 1000);
    const charge = await this.state.charge(campaign.id, priceMicros, campaign.budgetMicros, utcDay(now), campaign.advertiserId);
    if (charge.totalMicros >= campaign.budgetMicros) this.completeCampaign(campaign.id);
    if (!charge.charged) return this.refuse("impression", charge.fundsOut ? "no_funds" : "budget_spent", at);

    this.recorder.impression(
      { hour: now, zoneId: zone.id, campaignId: campaign.id, creativeId: offer.creativeId, country: offer.country },
      {
        advertiserId: campaign.advertiserId,
        publisherId: zone.publisherId,
        spendMicros: priceMicros,
        earningMicros: Math.floor((priceMicros * zone.revenueShareBps) / 10_000),
      },
    );
    return { counted: true };
  }

  /**
   * Counts a click once, after its impression, and says where to send the visitor. Invalid clicks
   * still reach the landing page (a person may be behind them) but are not counted.
   */
  async countClick(token: unknown, visit: Visit): Promise<Counted & { location: string | null; clickId?: string }> {
    const now = Date.now();
    const offer = verifyOffer(token, this.key);
    if (!offer) return { location: null, ...this.refuse("click", "bad_signature", { hour: now, zoneId: 0, campaignId: 0 }) };
    const at = { hour: now, zoneId: offer.zoneId, campaignId: offer.campaignId };
    const creative = this.inventory.creative(offer.creativeId);
    const location = creative?.clickUrl ?? null;
    if (!creative || !location) return { location: null, ...this.refuse("click", "bad_signature", at) };
    const refused = (reason: InvalidReason) => ({ location, ...this.refuse("click", reason, at) });

    if (this.expired(offer, now)) return refused("expired");
    if (isBot(visit.userAgent)) return refused("bot");
    if (offer.visitor !== this.visitorOf(visit)) return refused("visitor_mismatch");
    // An HTML creative is a page of its own: its clicks come from its host.
    const zone = this.inventory.zone(offer.zoneId);
    if (zone && namedHost([visit.origin, visit.referer], zone.domain, hostOf(creative.contentUrl)) === false) return refused("domain_mismatch");
    const impressionAt = await this.state.impressionTime(offer.offerId);
    if (impressionAt === null) return refused("no_impression");
    if (now - impressionAt < this.config.delivery.minClickDelayMs) return refused("too_fast");
    if ((await this.state.hit(`clk:${visit.ip}`, 3600)) > this.config.delivery.ipClicksPerHour) return refused("ip_rate");
    if (!(await this.state.claimClick(offer.offerId, offer.issuedAt, this.config.delivery.offerTtlSeconds))) return refused("replay");

    const clickId = randomBytes(16).toString("base64url");
    this.recorder.click(clickId, { hour: now, zoneId: offer.zoneId, campaignId: offer.campaignId, creativeId: offer.creativeId, country: offer.country });
    return { counted: true, location: withClickId(location, clickId), clickId };
  }

  /** Counts a conversion for the campaign's click that brought the visitor, within 30 days, once. */
  async countConversion(campaignId: number, signature: unknown, clickId: unknown): Promise<boolean> {
    const now = Date.now();
    const at = { hour: now, zoneId: 0, campaignId };
    let refusal: InvalidReason | null = null;
    if (!verifyConversionSignature(campaignId, signature, this.key)) refusal = "bad_signature";
    else if (typeof clickId !== "string" || !CLICK_ID.test(clickId)) refusal = "no_click";
    else if (!(await this.recorder.conversion(clickId, campaignId, now, now - CONVERSION_WINDOW_MS))) refusal = "no_click";
    if (refusal) this.refuse("conversion", refusal, at);
    return refusal === null;
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

  /** Records an event as invalid traffic, never to be billed. */
  private refuse(event: TrafficEvent, reason: InvalidReason, at: { hour: number; zoneId: number; campaignId: number }): Counted {
    this.recorder.invalid(event, reason, at);
    return { counted: false, reason };
  }

  private completeCampaign(campaignId: number): void {
    this.inventory.withdraw(campaignId);
    this.recorder.campaignCompleted(campaignId);
  }

  /**
   * An advertiser's deposit, credit or credit limit changed: their allowance reaches the shared
   * state at once (every process, through Redis), and the other processes reload to see it too.
   */
  async fundsChanged(advertiserId: number): Promise<void> {
    // Through the seed: the allowance replaced, and the spent counter started from the ledger if no process holds one yet.
    await this.state.seed(new Map(), utcDay(Date.now()), await advertiserAccounts(this.dataSource.manager, [advertiserId]));
    this.catalogueNews?.announce();
  }

  private async seedSpend(): Promise<void> {
    const now = Date.now();
    const campaignIds = this.inventory.servableCampaignIds();
    const [totals, today, funds] = await Promise.all([
      this.ledger.spendByCampaign(campaignIds),
      this.ledger.spendByCampaign(campaignIds, new Date(`${utcDay(now)}T00:00:00Z`)),
      advertiserAccounts(this.dataSource.manager, this.inventory.servableAdvertiserIds()),
    ]);
    const spend = new Map(campaignIds.map((id) => [id, { total: totals.get(id) ?? 0, today: today.get(id) ?? 0 }]));
    await this.state.seed(spend, utcDay(now), funds);
  }

  private every(intervalMs: number, task: () => Promise<void>): void {
    const timer = setInterval(() => {
      task().catch((error) => this.log.warn({ err: error }, "delivery background task failed; retrying"));
    }, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }
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
