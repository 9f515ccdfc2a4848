import { DataSource, EntitySubscriberInterface, InsertEvent, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent, UpdateEvent } from "typeorm";
import { Campaign, DeliveryTier } from "../../campaigns/campaign.entity";
import { GoalPace } from "../learning/goal-pacing";
import { BILLABLE_STATUSES, isServing } from "../../campaigns/campaign-lifecycle";
import { Creative, CreativeStatus, CreativeType } from "../../creatives/creative.entity";
import { Site, SiteStatus } from "../../sites/site.entity";
import { AdsTxtStatus } from "../../sites/ads-txt-status";
import { AccountStatus } from "../../users/account-status";
import { User } from "../../users/user.entity";
import { effectiveRevenueShareBps } from "../../users/revenue-share";
import { AdZone, ZoneFormat } from "../../zones/ad-zone.entity";
import { storedFrequencyCaps } from "../../frequency-caps/frequency-caps";
import { CATALOGUE_PARTS, type CatalogueNews, type CataloguePart } from "./catalogue-news";
import { CandidateIndex } from "./candidate-index";
import type { Device } from "../../targeting/request";
import { compileTargeting } from "../../targeting/targeting-rules";
import { STORED_OFFSETS } from "../../zones/ad-breaks";
import type { AudienceEntry } from "../../audiences/audience-entry";
import { type AudienceCatalogue, liveAudiences } from "./audience-catalogue";
import { type CampaignEntry, type CreativeEntry, isDescribableVideo, type SiteBlocks, type Slot, type SlotCandidate, type ZoneEntry } from "../model";
import { landingHostsOf, siteBlocksOf } from "./publisher-controls";
import { nativeEntries } from "./native-entries";
import { MediaFile } from "../../media/media-file.entity";
import { Audience } from "../../audiences/audience.entity";
import { catalogueMediaOf } from "../../media/media.service";

/** Which creative types each zone format shows. */
const TYPES_FOR_FORMAT: Record<ZoneFormat, CreativeType[]> = {
  // A video in a banner zone plays outstream: muted, while in view (public/ads/video.js).
  banner: ["image", "html", "video"],
  native: ["native"],
  video: ["video"],
};

/** A video zone is for players, which must be told the video's length (VAST): a video of unknown length plays only outstream. */
const servesIn = (format: ZoneFormat, creative: CreativeEntry) =>
  TYPES_FOR_FORMAT[format].includes(creative.type) && (format !== "video" || isDescribableVideo(creative));

/** A native ad is laid out in the zone's width by the page's own style, so every native creative fits every native zone. */
const slotKey = (width: number, height: number, format: ZoneFormat) => (format === "native" ? format : `${width}x${height}:${format}`);

/** A simple-array column read raw: comma-separated text, empty or null for none. */
const simpleArray = (value: unknown): string[] => (typeof value === "string" && value !== "" ? value.split(",") : []);

/** The tables each part of the catalogue is read from: a user's status and share touch both. */
const TABLES_OF_PART: Record<CataloguePart, string[]> = { zones: ["sites", "ad_zones", "users"], campaigns: ["campaigns", "creatives", "users", "media_files", "audiences"] };
const CATALOGUE_TABLES = [...new Set(Object.values(TABLES_OF_PART).flat())];
/**
 * A load unasked for, in case a change escaped both the announcements and the fingerprint (a row
 * edited by hand in the database). It holds the ad server's thread 25 to 85 ms on bench:serve's
 * catalogue (about half of it collecting the garbage it leaves), and longer under load.
 */
const FULL_RELOAD_MS = 10 * 60_000;

/** The entities whose changes alter what may serve, and the parts of the catalogue they alter. */
const PARTS_OF_ENTITY = new Map<unknown, readonly CataloguePart[]>([
  [Site, ["zones"]],
  [AdZone, ["zones"]],
  [User, CATALOGUE_PARTS],
  [Campaign, ["campaigns"]],
  [Creative, ["campaigns"]],
  [MediaFile, ["campaigns"]],
  [Audience, ["campaigns"]],
]);

/** What the learning loop sets of a campaign for the auction. */
export type CampaignPrice = Pick<CampaignEntry, "ecpmMicros" | "zoneBids" | "excludedZones">;

/** The campaigns' part of the catalogue. */
interface CampaignCatalogue {
  campaigns: Map<number, CampaignEntry>;
  creatives: Map<number, CreativeEntry>;
  candidatesByShape: Map<string, SlotCandidate[]>;
  audiences: AudienceCatalogue;
  /** The servable campaign each deal id is sold through. */
  deals: Map<string, CampaignEntry>;
}

/**
 * Everything the decision path reads, held in memory so that a decision never waits on SQL:
 * zones of approved sites, the campaigns that may be billed, and for each zone shape the
 * active campaigns (highest eCPM first) with their approved creatives of that shape.
 */
export class Inventory {
  private zones = new Map<number, ZoneEntry>();
  private campaigns = new Map<number, CampaignEntry>();
  private creatives = new Map<number, CreativeEntry>();
  private audiences: AudienceCatalogue = { byId: new Map(), byAdvertiser: new Map() };
  /** Each zone shape's candidates as loaded, kept so the index can be rebuilt when eCPMs change. */
  private candidatesByShape = new Map<string, SlotCandidate[]>();
  private candidates = CandidateIndex.of(this.candidatesByShape);
  private deals = new Map<string, CampaignEntry>();
  private timer: NodeJS.Timeout | null = null;
  private pendingReload: NodeJS.Timeout | null = null;
  /** The parts the pending reload loads, and those of them changed here, which the other processes must hear of. */
  private readonly scheduled = new Set<CataloguePart>();
  private readonly toAnnounce = new Set<CataloguePart>();
  /** The parts asked for and not yet being loaded. */
  private readonly wanted = new Set<CataloguePart>();
  private loading: Promise<void> | null = null;
  private nextLoading: Promise<void> | null = null;
  private readonly fingerprints: Record<CataloguePart, string> = { zones: "", campaigns: "" };
  private loadedWholeAt = 0;
  private readonly loadListeners: (() => Promise<void>)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly defaultRevenueShareBps: number,
    private readonly news: CatalogueNews | null,
    /** REQUIRE_IDENTITY=1: campaigns run only for advertisers whose identity an admin verified. */
    private readonly requireIdentity = false,
  ) {}

  /**
   * Loads now, then reloads shortly after any catalogue change made here or announced by another
   * process, and checks every `intervalMs` for changes nobody announced.
   */
  async start(intervalMs: number): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reloadIfChanged().catch(() => undefined), intervalMs);
    this.timer.unref();
    this.dataSource.subscribers.push(this.changeWatcher());
    this.news?.listen((parts) => this.scheduleReload(parts, { announce: false }));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.pendingReload) clearTimeout(this.pendingReload);
    const index = this.dataSource.subscribers.findIndex((subscriber) => (subscriber as { inventory?: unknown }).inventory === this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
    await this.news?.close();
  }

  zone(id: number): ZoneEntry | undefined {
    return this.zones.get(id);
  }

  campaign(id: number): CampaignEntry | undefined {
    return this.campaigns.get(id);
  }

  /** The live campaign a private marketplace deal id is sold through, if any. */
  dealCampaign(dealId: string): CampaignEntry | undefined {
    return this.deals.get(dealId);
  }

  creative(id: number): CreativeEntry | undefined {
    return this.creatives.get(id);
  }

  /** Whether the audience exists and is not deleted: memberships of any other match nothing. */
  isLiveAudience(id: number): boolean {
    return this.audiences.byId.has(id);
  }

  /** The advertiser's live audiences, which their pixel's visits may join. */
  audiencesOf(advertiserId: number): readonly AudienceEntry[] {
    return this.audiences.byAdvertiser.get(advertiserId) ?? [];
  }

  /** The campaigns that may fill the zone for a visitor of this country and device. */
  slotFor(zone: ZoneEntry, country: string, device: Device): Slot {
    return this.candidates.slotFor(zone.slotKey, country, device);
  }

  servableCampaignIds(): number[] {
    return [...this.campaigns.values()].filter((campaign) => campaign.servable).map((campaign) => campaign.id);
  }

  /** The advertisers whose campaigns may serve, each once. */
  servableAdvertiserIds(): number[] {
    const ids = new Set<number>();
    for (const campaign of this.campaigns.values()) if (campaign.servable) ids.add(campaign.advertiserId);
    return [...ids];
  }

  /** Takes a campaign out of delivery at once, before the next reload confirms it. */
  withdraw(campaignId: number): void {
    const campaign = this.campaigns.get(campaignId);
    if (campaign) campaign.servable = false;
  }

  /**
   * Sets every campaign's eCPM (its bids per zone, for a goal, and the zones it is kept out of)
   * and sorts the index again by it. Synchronous, so no decision sees a slot half-sorted; the index
   * is rebuilt, not edited, as the lottery's running totals change.
   */
  reprice(priceOf: (campaign: CampaignEntry) => CampaignPrice): void {
    for (const campaign of this.campaigns.values()) Object.assign(campaign, priceOf(campaign));
    this.candidates = CandidateIndex.of(this.candidatesByShape);
  }

  /** Runs after every load, before the reload counts as done (the ad server seeds new campaigns' and advertisers' counters). */
  afterLoad(listener: () => Promise<void>): void {
    this.loadListeners.push(listener);
  }

  /**
   * Reloads parts of the catalogue (all by default) from the database. A load already running may
   * have read the catalogue before the caller's change, so callers arriving meanwhile share one more
   * load that starts after it, of every part they asked for.
   */
  reload(parts: readonly CataloguePart[] = CATALOGUE_PARTS): Promise<void> {
    for (const part of parts) this.wanted.add(part);
    if (this.loading) {
      this.nextLoading ??= this.loading.catch(() => undefined).then(() => {
        this.nextLoading = null;
        return this.reload([]);
      });
      return this.nextLoading;
    }
    const loadingParts = [...this.wanted];
    this.wanted.clear();
    this.loading = this.load(loadingParts)
      .then(async () => {
        for (const listener of this.loadListeners) await listener();
      })
      .finally(() => (this.loading = null));
    return this.loading;
  }

  /**
   * A full load of a large network blocks the decision path for a moment, so the periodic check
   * first compares a cheap fingerprint of each part (row counts and last update times of its tables)
   * and reloads the parts whose fingerprint moved, or everything once FULL_RELOAD_MS has passed.
   */
  private async reloadIfChanged(): Promise<void> {
    const fingerprints = await this.catalogueFingerprints();
    const whole = Date.now() - this.loadedWholeAt >= FULL_RELOAD_MS;
    const parts = CATALOGUE_PARTS.filter((part) => whole || fingerprints[part] !== this.fingerprints[part]);
    if (parts.length > 0) await this.reload(parts);
  }

  private async catalogueFingerprints(): Promise<Record<CataloguePart, string>> {
    const columns = CATALOGUE_TABLES.map((table) => `(SELECT COUNT(*) FROM ${table}) AS ${table}_rows, (SELECT MAX(updated_at) FROM ${table}) AS ${table}_updated`);
    const [row] = await this.dataSource.query(`SELECT ${columns.join(", ")}`);
    const of = (part: CataloguePart) => JSON.stringify(TABLES_OF_PART[part].map((table) => [row[`${table}_rows`], row[`${table}_updated`]]));
    return { zones: of("zones"), campaigns: of("campaigns") };
  }

  private async load(parts: readonly CataloguePart[]): Promise<void> {
    const fingerprints = await this.catalogueFingerprints();
    const [zones, campaigns] = await Promise.all([parts.includes("zones") ? this.loadZones() : null, parts.includes("campaigns") ? this.loadCampaigns() : null]);
    if (zones) {
      this.zones = zones;
      this.fingerprints.zones = fingerprints.zones;
    }
    if (campaigns) {
      this.campaigns = campaigns.campaigns;
      this.creatives = campaigns.creatives;
      this.candidatesByShape = campaigns.candidatesByShape;
      this.audiences = campaigns.audiences;
      this.deals = campaigns.deals;
      this.candidates = CandidateIndex.of(this.candidatesByShape);
      this.fingerprints.campaigns = fingerprints.campaigns;
    }
    if (zones && campaigns) this.loadedWholeAt = Date.now();
  }

  /** Zones of approved sites of active publishers, with what the decision reads of their site and publisher. */
  private async loadZones(): Promise<Map<number, ZoneEntry>> {
    const zoneRows = await this.dataSource
      .getRepository(AdZone)
      .createQueryBuilder("z")
      .innerJoin(Site, "s", "s.id = z.site_id")
      .innerJoin(User, "u", "u.id = s.publisher_id")
      .select(["z.id AS id", "z.site_id AS siteId", "z.width AS width", "z.height AS height", "z.format AS format", "z.presentation AS presentation", "z.native_template AS nativeTemplate"])
      .addSelect(["z.ad_count AS adCount", "z.layout AS layout", "z.house_items AS houseItems"])
      .addSelect(["z.pod_size AS podSize", "z.break_seconds AS breakSeconds", "z.midroll_offsets AS midrollOffsets"])
      .addSelect(["z.floor_micros AS floorMicros", "s.blocked_categories AS blockedCategories", "s.blocked_domains AS blockedDomains", "s.ads_txt_status AS adsTxtStatus"])
      .addSelect(["s.domain AS domain", "s.category AS siteCategory", "s.publisher_id AS publisherId", "u.revenue_share_bps AS revenueShareBps"])
      .where("s.status = :approved AND u.status = :active", { approved: SiteStatus.APPROVED, active: AccountStatus.ACTIVE })
      // A removed zone's tag, or a removed site's, stops filling; the pages may still carry it.
      .andWhere("z.archived_at IS NULL AND s.archived_at IS NULL")
      .getRawMany();
    const zones = new Map<number, ZoneEntry>();
    const blocksOfSite = new Map<number, SiteBlocks | null>();
    for (const row of zoneRows) {
      const siteId = Number(row.siteId);
      if (!blocksOfSite.has(siteId)) blocksOfSite.set(siteId, siteBlocksOf(simpleArray(row.blockedCategories), simpleArray(row.blockedDomains)));
      zones.set(Number(row.id), {
        id: Number(row.id),
        siteId,
        publisherId: Number(row.publisherId),
        domain: String(row.domain),
        width: Number(row.width),
        height: Number(row.height),
        format: row.format,
        siteCategory: String(row.siteCategory),
        revenueShareBps: effectiveRevenueShareBps(row.revenueShareBps == null ? null : Number(row.revenueShareBps), this.defaultRevenueShareBps),
        floorMicros: Number(row.floorMicros ?? 0),
        blocks: blocksOfSite.get(siteId) ?? null,
        slotKey: slotKey(Number(row.width), Number(row.height), row.format),
        presentation: row.presentation,
        nativeTemplate: row.nativeTemplate ?? null,
        adCount: Number(row.adCount ?? 1),
        layout: row.layout,
        houseItems: row.houseItems ? JSON.parse(row.houseItems) : null,
        podSize: Number(row.podSize),
        breakSeconds: Number(row.breakSeconds),
        midrollOffsets: STORED_OFFSETS.from(row.midrollOffsets),
        adsTxtFound: row.adsTxtStatus === AdsTxtStatus.FOUND,
      });
    }
    return zones;
  }

  /** The campaigns that may be billed (of active advertisers), their approved creatives, and each zone shape's candidates. */
  private async loadCampaigns(): Promise<CampaignCatalogue> {
    const [campaignRows, creativeRows, audiences] = await Promise.all([
      // A suspended advertiser's campaigns leave the catalogue, so they neither serve nor bill.
      this.dataSource
        .getRepository(Campaign)
        .createQueryBuilder("c")
        .innerJoin(User, "a", "a.id = c.advertiser_id")
        .where("c.status IN (:...billable) AND a.status = :active", { billable: BILLABLE_STATUSES, active: AccountStatus.ACTIVE })
        .andWhere(this.requireIdentity ? "a.identity_verified_at IS NOT NULL" : "1 = 1")
        .getMany(),
      this.dataSource
        .getRepository(Creative)
        .createQueryBuilder("cr")
        .innerJoin(Campaign, "c", "c.id = cr.campaign_id")
        .where("cr.status = :approved AND c.status IN (:...billable)", { approved: CreativeStatus.APPROVED, billable: BILLABLE_STATUSES })
        .getMany(),
      liveAudiences(this.dataSource),
    ]);

    const mediaOf = await catalogueMediaOf(this.dataSource, creativeRows.flatMap((creative) => (creative.mediaId === null ? [] : [creative.mediaId])));
    const campaigns = new Map<number, CampaignEntry>();
    for (const campaign of campaignRows) {
      campaigns.set(campaign.id, {
        id: campaign.id,
        advertiserId: campaign.advertiserId,
        category: campaign.category,
        pricingModel: campaign.pricingModel,
        bidMicros: campaign.bidMicros,
        ecpmMicros: campaign.bidMicros,
        bidStrategy: campaign.bidStrategy,
        targetCpaMicros: campaign.targetCpaMicros,
        targetCpcMicros: campaign.targetCpcMicros,
        zoneBids: null,
        excludedZones: null,
        budgetMicros: campaign.budgetMicros,
        dailyCapMicros: campaign.dailyCapMicros,
        pacing: campaign.pacing,
        rotation: campaign.rotation,
        countries: campaign.targetCountries.length > 0 ? new Set(campaign.targetCountries) : null,
        ...compileTargeting(campaign.targeting, campaign.audienceTargeting),
        startDate: campaign.startDate,
        endDate: campaign.endDate,
        endDayNumber: Math.round(Date.parse(campaign.endDate) / 86_400_000),
        frequencyCaps: storedFrequencyCaps(campaign.frequencyCaps),
        dealId: campaign.dealId,
        competitors: campaign.competitorCategories?.length ? new Set(campaign.competitorCategories) : null,
        roadblockZones: campaign.roadblockZones ?? 0,
        // An archived campaign never wins a request; ads it already had out are still billed.
        servable: isServing(campaign.status) && campaign.archivedAt === null,
        tier: campaign.deliveryTier,
        takeShare: campaign.deliveryTier === DeliveryTier.SPONSORSHIP ? (campaign.sharePercent ?? 0) / 100 : 0,
        goal: campaign.deliveryTier === DeliveryTier.GUARANTEED && campaign.goalAmount !== null ? new GoalPace(campaign.goalType, campaign.goalAmount) : null,
      });
    }

    const natives = await nativeEntries(this.dataSource, creativeRows, (campaignId) => campaigns.get(campaignId)?.advertiserId);
    const creatives = new Map<number, CreativeEntry>();
    const slots = new Map<string, Map<number, SlotCandidate>>();
    for (const creative of creativeRows) {
      const entry: CreativeEntry = {
        id: creative.id,
        type: creative.type,
        contentUrl: creative.contentUrl,
        clickUrl: creative.clickUrl,
        landingHosts: landingHostsOf(creative.clickUrl),
        width: creative.width,
        height: creative.height,
        durationMs: creative.durationMs,
        skipAfterSeconds: creative.skipAfterSeconds,
        native: natives.get(creative.id),
        ...(creative.expandedWidth !== null && creative.expandedHeight !== null ? { expanded: { width: creative.expandedWidth, height: creative.expandedHeight } } : {}),
        ...(creative.mediaId !== null && mediaOf.has(creative.mediaId) ? { media: mediaOf.get(creative.mediaId) } : {}),
      };
      creatives.set(creative.id, entry);
      const campaign = campaigns.get(creative.campaignId);
      // An archived creative is kept in the catalogue, like an archived campaign, so ads it already had out are still billed; it wins no new request.
      if (!campaign?.servable || creative.archivedAt !== null) continue;
      for (const format of Object.keys(TYPES_FOR_FORMAT) as ZoneFormat[]) {
        if (!servesIn(format, entry)) continue;
        const key = slotKey(creative.width, creative.height, format);
        const byCampaign = slots.get(key) ?? new Map<number, SlotCandidate>();
        slots.set(key, byCampaign);
        const candidate = byCampaign.get(campaign.id) ?? { campaign, creatives: [] };
        byCampaign.set(campaign.id, candidate);
        candidate.creatives.push(entry);
      }
    }

    const deals = new Map([...campaigns.values()].filter((campaign) => campaign.servable && campaign.dealId !== null).map((campaign) => [campaign.dealId!, campaign]));
    return { campaigns, creatives, candidatesByShape: new Map([...slots].map(([key, byCampaign]) => [key, [...byCampaign.values()]])), audiences, deals };
  }

  /** A moment after a change, so that a burst of writes makes one load. */
  private scheduleReload(parts: readonly CataloguePart[], { announce }: { announce: boolean }): void {
    for (const part of parts) {
      this.scheduled.add(part);
      if (announce) this.toAnnounce.add(part);
    }
    if (this.pendingReload) return;
    this.pendingReload = setTimeout(() => {
      this.pendingReload = null;
      if (this.toAnnounce.size > 0) this.news?.announce([...this.toAnnounce]);
      const parts = [...this.scheduled];
      this.toAnnounce.clear();
      this.scheduled.clear();
      void this.reload(parts).catch(() => undefined);
    }, 20);
    this.pendingReload.unref();
  }

  /**
   * Reacts to writes made through this process's TypeORM, and tells the other processes. A write in
   * a transaction is read once the transaction commits: read before, from another connection, the
   * load would miss it, and so would the fingerprint when the row's time is not the table's latest.
   */
  private changeWatcher(): EntitySubscriberInterface & { inventory: Inventory } {
    const uncommitted = new WeakMap<QueryRunner, Set<CataloguePart>>();
    const onWrite = (event: InsertEvent<unknown> | UpdateEvent<unknown>) => {
      const parts = PARTS_OF_ENTITY.get(event.metadata.target);
      if (!parts) return;
      if (!event.queryRunner.isTransactionActive) return this.scheduleReload(parts, { announce: true });
      const changed = uncommitted.get(event.queryRunner) ?? new Set();
      for (const part of parts) changed.add(part);
      uncommitted.set(event.queryRunner, changed);
    };
    // Fired for a savepoint's release too, while the transaction goes on.
    const onEnd = (committed: boolean) => (event: TransactionCommitEvent | TransactionRollbackEvent) => {
      const changed = uncommitted.get(event.queryRunner);
      if (event.queryRunner.isTransactionActive || !changed) return;
      uncommitted.delete(event.queryRunner);
      if (committed) this.scheduleReload([...changed], { announce: true });
    };
    return { inventory: this, afterInsert: onWrite, afterUpdate: onWrite, afterTransactionCommit: onEnd(true), afterTransactionRollback: onEnd(false) };
  }
}
