import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { DataSource } from "typeorm";
import type { Config } from "../../config";
import { LedgerService } from "../ledger/ledger.service";
import { decide, utcDay } from "./decision";
import type { CatalogueNews } from "./catalogue-news";
import type { DeliveryState } from "./delivery-state";
import { EventRecorder } from "./event-recorder";
import { visitorCountry } from "./geo";
import { Inventory } from "./inventory";
import type { BatchWriter, TrafficEvent } from "./model";
import { conversionSignature, newOfferId, Offer, signOffer, trackingKey, verifyConversionSignature, verifyOffer } from "./offer-token";
import { isBot, pageOnDomain } from "./traffic-rules";

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
  headers: Record<string, string | string[] | undefined>;
  /** The page showing the ad: the tag's page URL, else the Origin or Referer header. */
  page: string | undefined;
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

/** Why an event was refused; admins see the invalid share by these. */
export const INVALID_REASONS = [
  "bot",
  "bad_signature",
  "expired",
  "replay",
  "domain_mismatch",
  "ip_rate",
  "no_impression",
  "too_fast",
  "no_click",
  "budget_spent",
] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

/** Whether an event was counted, and if not, why. */
export interface Counted {
  counted: boolean;
  reason?: InvalidReason;
}

const CONVERSION_WINDOW_MS = 30 * 24 * 3600 * 1000;
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
  private readonly key: Buffer;
  private readonly timers: NodeJS.Timeout[] = [];
  private log: Pick<FastifyBaseLogger, "warn" | "error"> = console;

  constructor(
    dataSource: DataSource,
    private readonly config: Config,
    private readonly ledger: LedgerService,
    parts: DeliveryParts,
  ) {
    this.state = parts.state;
    this.inventory = new Inventory(dataSource, config.delivery.defaultRevenueShareBps, parts.catalogueNews);
    this.recorder = new EventRecorder(dataSource, parts.writer);
    this.key = trackingKey(config.jwtSecret);
  }

  async start(log?: Pick<FastifyBaseLogger, "warn" | "error">): Promise<void> {
    if (log) this.log = log;
    await this.inventory.start(this.config.delivery.refreshIntervalMs);
    await this.seedSpend();
    this.every(this.config.delivery.flushIntervalMs, () => this.recorder.flush());
    this.every(1000, () => this.state.refreshSpend(this.inventory.servableCampaignIds(), utcDay(Date.now())));
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
  flush(): Promise<void> {
    return this.recorder.flush();
  }

  serve(zoneId: number, visit: Visit, origin: string): ServeResult {
    const now = Date.now();
    const zone = this.inventory.zone(zoneId);
    if (!zone) return { status: "unknown_zone" };
    const at = { hour: now, zoneId, campaignId: 0 };
    const refusal = isBot(visit.userAgent) ? "bot" : pageOnDomain(visit.page, zone.domain) ? null : "domain_mismatch";
    if (refusal) {
      this.refuse("request", refusal, at);
      return { status: "unfilled" };
    }

    const country = visitorCountry(visit.headers, visit.ip, this.config.delivery.countryHeader);
    const day = utcDay(now);
    const decision = decide(this.inventory.slotFor(zone), {
      country,
      day,
      spendOf: (campaignId) => this.state.spendOf(campaignId, day),
      random: Math.random,
    });
    if (!decision) {
      this.recorder.request({ hour: now, zoneId, campaignId: 0, creativeId: 0, country });
      return { status: "unfilled" };
    }

    const { campaign, creative } = decision;
    this.recorder.request({ hour: now, zoneId, campaignId: campaign.id, creativeId: creative.id, country });
    const token = signOffer(
      { offerId: newOfferId(), zoneId, campaignId: campaign.id, creativeId: creative.id, country, cpmMicros: campaign.cpmMicros, issuedAt: now },
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

  /** Counts the impression of a served offer once, and bills it; anything else is invalid traffic. */
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
    if (visit.page && !pageOnDomain(visit.page, zone.domain)) return this.refuse("impression", "domain_mismatch", at);
    if (!(await this.state.claimImpression(offer.offerId, now, this.config.delivery.offerTtlSeconds))) return this.refuse("impression", "replay", at);
    if ((await this.state.hit(`imp:${visit.ip}`, 60)) > this.config.delivery.ipImpressionsPerMinute) return this.refuse("impression", "ip_rate", at);

    const priceMicros = Math.floor(offer.cpmMicros / 1000);
    const charge = await this.state.charge(campaign.id, priceMicros, campaign.budgetMicros, utcDay(now));
    if (charge.totalMicros >= campaign.budgetMicros) this.completeCampaign(campaign.id);
    if (!charge.charged) return this.refuse("impression", "budget_spent", at);

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
    const location = this.inventory.creative(offer.creativeId)?.clickUrl ?? null;
    if (!location) return { location: null, ...this.refuse("click", "bad_signature", at) };
    const refused = (reason: InvalidReason) => ({ location, ...this.refuse("click", reason, at) });

    if (this.expired(offer, now)) return refused("expired");
    if (isBot(visit.userAgent)) return refused("bot");
    const impressionAt = await this.state.impressionTime(offer.offerId);
    if (impressionAt === null) return refused("no_impression");
    if (now - impressionAt < this.config.delivery.minClickDelayMs) return refused("too_fast");
    if (!(await this.state.claimClick(offer.offerId, this.config.delivery.offerTtlSeconds))) return refused("replay");
    if ((await this.state.hit(`clk:${visit.ip}`, 3600)) > this.config.delivery.ipClicksPerHour) return refused("ip_rate");

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

  private async seedSpend(): Promise<void> {
    const now = Date.now();
    const campaignIds = this.inventory.servableCampaignIds();
    const [totals, today] = await Promise.all([
      this.ledger.spendByCampaign(campaignIds),
      this.ledger.spendByCampaign(campaignIds, new Date(`${utcDay(now)}T00:00:00Z`)),
    ]);
    const spend = new Map(campaignIds.map((id) => [id, { total: totals.get(id) ?? 0, today: today.get(id) ?? 0 }]));
    await this.state.seed(spend, utcDay(now));
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
