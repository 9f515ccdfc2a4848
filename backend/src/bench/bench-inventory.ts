import type { DataSource } from "typeorm";
import { Role } from "../auth/roles";
import { ADVERTISER_CATEGORIES } from "../modules/campaigns/advertiser-categories";
import { BidStrategy, Campaign, CampaignStatus, CreativeRotation, PacingMode, PricingModel } from "../modules/campaigns/campaign.entity";
import { StatFact } from "../modules/reports/stat-fact.entity";
import { reportCalendar } from "../modules/reports/grains";
import { SITE_CATEGORIES } from "../modules/targeting/site-categories";
import { parseTargeting, targetingText } from "../modules/targeting/targeting-rules";
import { Creative, CreativeStatus } from "../modules/creatives/creative.entity";
import { LedgerKind } from "../modules/ledger/ledger-entry.entity";
import { LedgerService } from "../modules/ledger/ledger.service";
import { Site, SiteStatus } from "../modules/sites/site.entity";
import { User } from "../modules/users/user.entity";
import { AdZone } from "../modules/zones/ad-zone.entity";
import { Audience } from "../modules/audiences/audience.entity";
import { audienceTargetingText } from "../modules/targeting/rules/audiences";

export const BENCH_CAMPAIGNS = 1_000;
export const BENCH_ZONES = 10_000;
const SITES = 200;
const ADVERTISERS = 50;
const SIZES: [number, number][] = [
  [300, 250],
  [728, 90],
  [160, 600],
  [320, 50],
];
const CHUNK = 500;
/** Each advertiser's audiences: visitors of their shop, of its cart, and its buyers, and one more. */
const AUDIENCES_PER_ADVERTISER = 4;

export async function insertAll<T extends object>(dataSource: DataSource, entity: new () => T, rows: Partial<T>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const result = await dataSource.getRepository(entity).insert(rows.slice(start, start + CHUNK) as never);
    ids.push(...result.identifiers.map((identifier) => Number(identifier.id)));
  }
  return ids;
}

/**
 * A realistic mix of targeting, one campaign in several each: devices, systems and browsers,
 * languages, day-parts, site categories, sites, zones and page keywords, often combined.
 */
function benchTargeting(n: number): string | null {
  const rules: Record<string, unknown> = {};
  if (n % 3 === 0) rules.devices = { mode: "include", values: n % 2 === 0 ? ["mobile", "tablet"] : ["desktop"] };
  if (n % 7 === 0) rules.operatingSystems = { mode: "exclude", values: ["linux"] };
  if (n % 11 === 0) rules.browsers = { mode: "include", values: ["chrome", "safari", "edge"] };
  if (n % 4 === 1) rules.languages = { mode: "include", values: ["en", "de"] };
  if (n % 6 === 2) rules.dayParting = { timeZone: n % 12 === 2 ? "Europe/Berlin" : "America/New_York", days: [1, 2, 3, 4, 5], hours: [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22] };
  if (n % 8 === 3) rules.siteCategories = { mode: "exclude", values: ["sports"] };
  if (n % 13 === 4) rules.sites = { mode: "exclude", values: ["site-1.bench.example", "site-2.bench.example"] };
  if (n % 17 === 5) rules.zones = { mode: "exclude", values: ["1", "2", "3"] };
  if (n % 5 === 4) rules.keywords = { include: n % 10 === 4 ? ["news", "sports"] : [], exclude: ["gambling"] };
  return targetingText(parseTargeting(rules));
}

/** A repeatable draw in [0, 1) for campaign n, independent of n's residues (which choose its rules). */
function draw(n: number): number {
  let t = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35);
  return ((t ^ (t >>> 16)) >>> 0) / 4_294_967_296;
}

/**
 * One campaign in ten pays per click, one per conversion; their bids give eCPMs in the range of the
 * CPM bids. Bids are drawn apart from the rules, so the best-paid campaigns carry every mix of targeting.
 */
function benchPricing(n: number): { pricingModel: PricingModel; bidMicros: number } {
  const cents = (low: number, high: number) => Math.floor(low + draw(n) * (high - low)) * 10_000;
  if (n % 10 === 7) return { pricingModel: PricingModel.CPC, bidMicros: cents(20, 100) };
  if (n % 10 === 8) return { pricingModel: PricingModel.CPA, bidMicros: cents(500, 2000) };
  return { pricingModel: PricingModel.CPM, bidMicros: cents(100, 1000) };
}

/**
 * A quarter of the campaigns target audiences of their advertiser: one to show to only, and one in
 * two of those also an audience (its buyers) never to show to.
 */
function benchAudiences(n: number, audienceIdsOf: (advertiserIndex: number) => number[]): string | null {
  if (n % 4 !== 2) return null;
  const own = audienceIdsOf(n % ADVERTISERS);
  const include = [own[Math.floor(n / ADVERTISERS) % (AUDIENCES_PER_ADVERTISER - 1)]];
  return audienceTargetingText({ include, exclude: n % 8 === 6 ? [own[AUDIENCES_PER_ADVERTISER - 1]] : [] });
}

/** The goals a goal campaign bids to, in turn. */
const GOALS = [BidStrategy.TARGET_CPA, BidStrategy.TARGET_CPC, BidStrategy.MAX_CONVERSIONS];

/**
 * One campaign in four (not those targeting audiences) bids to a goal (a CPM campaign, its bid the most it pays): a target cost per
 * conversion or per click, or the most conversions, in turn.
 */
function benchGoal(n: number): Pick<Campaign, "bidStrategy" | "targetCpaMicros" | "targetCpcMicros" | "pricingModel" | "bidMicros"> | null {
  if (n % 4 !== 3) return null;
  const bidStrategy = GOALS[Math.floor(n / 4) % GOALS.length];
  return { bidStrategy, pricingModel: PricingModel.CPM, bidMicros: benchPricing(n + 1).bidMicros * 2, targetCpaMicros: 5_000_000, targetCpcMicros: 800_000 };
}

/** Zones each goal campaign has results in, with a conversion and click rate drawn per zone: what its bids per zone are set from. */
const GOAL_ZONES = 8;

/** Frequency caps on one campaign in four: per day, or per hour and per week. */
function benchCaps(n: number): string | null {
  if (n % 8 === 1) return JSON.stringify([{ count: 3, per: "day" }]);
  if (n % 8 === 5) return JSON.stringify([{ count: 1, per: "hour" }, { count: 10, per: "week" }]);
  return null;
}

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A network the size of the target: approved sites full of zones, and live campaigns for each size. */
export async function seedBenchInventory(dataSource: DataSource, campaigns = BENCH_CAMPAIGNS): Promise<{ id: number; domain: string }[]> {
  const user = (role: Role, n: number): Partial<User> => ({ email: `${role}-${n}@bench.example`, fullName: `Bench ${role} ${n}`, role, passwordHash: "-" });
  const [publisherId] = await insertAll(dataSource, User, [user(Role.PUBLISHER, 0)]);
  const advertiserIds = await insertAll(dataSource, User, Array.from({ length: ADVERTISERS }, (_, n) => user(Role.ADVERTISER, n)));
  // Each advertiser paid in more than their campaigns' budgets, so that every campaign may deliver.
  await new LedgerService(dataSource).append(
    advertiserIds.map((userId) => ({ userId, kind: LedgerKind.DEPOSIT, amountMicros: Math.ceil(campaigns / ADVERTISERS) * 1_000_000 * 1_000_000, memo: "Bench funds" })),
  );

  const audienceIds = await insertAll(
    dataSource,
    Audience,
    advertiserIds.flatMap((advertiserId, n) =>
      Array.from({ length: AUDIENCES_PER_ADVERTISER }, (_, k) => ({ advertiserId, name: `Audience ${n}-${k}`, rule: "visited" as const, pagePattern: null, windowDays: 30, siteDomains: [`shop-${n}.bench.example`], archivedAt: null })),
    ),
  );
  const audienceIdsOf = (advertiserIndex: number) => audienceIds.slice(advertiserIndex * AUDIENCES_PER_ADVERTISER, (advertiserIndex + 1) * AUDIENCES_PER_ADVERTISER);

  const domains = Array.from({ length: SITES }, (_, n) => `site-${n}.bench.example`);
  const siteIds = await insertAll(
    dataSource,
    Site,
    // Publishers' controls on one site in ten: two sensitive categories and a landing domain blocked.
    domains.map((domain, n) => ({
      publisherId,
      domain,
      name: domain,
      category: SITE_CATEGORIES[n % SITE_CATEGORIES.length],
      description: "Bench site",
      status: SiteStatus.APPROVED,
      ...(n % 10 === 0 ? { blockedCategories: ["gambling" as const, "dating" as const], blockedDomains: ["shop-3.bench.example"] } : {}),
    })),
  );
  const zoneRows = Array.from({ length: BENCH_ZONES }, (_, n) => {
    const [width, height] = SIZES[n % SIZES.length];
    // A floor on one zone in five, from $1 to $4 per thousand.
    return { siteId: siteIds[n % SITES], name: `Zone ${n}`, width, height, format: "banner" as const, position: "content" as const, floorMicros: n % 5 === 0 ? (1 + (n % 4)) * 1_000_000 : 0 };
  });
  const zoneIds = await insertAll(dataSource, AdZone, zoneRows);

  const campaignIds = await insertAll(
    dataSource,
    Campaign,
    Array.from({ length: campaigns }, (_, n) => ({
      advertiserId: advertiserIds[n % ADVERTISERS],
      name: `Campaign ${n}`,
      budgetMicros: 1_000_000 * 1_000_000,
      ...benchPricing(n),
      ...benchGoal(n),
      category: ADVERTISER_CATEGORIES[n % ADVERTISER_CATEGORIES.length],
      targetCountries: n % 5 === 0 ? ["DE", "FR"] : n % 5 === 1 ? ["US", "GB", "CA"] : [],
      targeting: benchTargeting(n),
      audienceTargeting: benchAudiences(n, audienceIdsOf),
      frequencyCaps: benchCaps(n),
      pacing: n % 4 === 0 ? PacingMode.ASAP : PacingMode.EVEN,
      dailyCapMicros: n % 6 === 0 ? 500 * 1_000_000 : null,
      rotation: n % 3 === 0 ? CreativeRotation.OPTIMISED : CreativeRotation.EVEN,
      startDate: dayOffset(-1),
      endDate: dayOffset(30),
      status: CampaignStatus.ACTIVE,
    })),
  );
  await insertAll(
    dataSource,
    Creative,
    campaignIds.map((campaignId, n) => {
      // Drawn too, so that no shape's campaigns share one targeting rule (n % 4 chooses a language rule).
      const [width, height] = SIZES[Math.floor(draw(n + 1_000_003) * SIZES.length)];
      return {
        campaignId,
        name: `Creative ${n}`,
        type: "image" as const,
        contentUrl: `https://cdn.bench.example/${n}.png`,
        clickUrl: `https://shop-${n % 7}.bench.example/${n}`,
        width,
        height,
        status: CreativeStatus.APPROVED,
      };
    }),
  );
  const today = new Date(reportCalendar().dateStart(reportCalendar().dateOf(Date.now())));
  const goalFacts = campaignIds.flatMap((campaignId, n) =>
    benchGoal(n) === null
      ? []
      : Array.from({ length: GOAL_ZONES }, (_, k) => {
          const impressions = 2_000 + Math.floor(draw(n * 31 + k) * 20_000);
          return { scope: "cmp_zone" as const, ownerId: campaignId, scopeId: zoneIds[(n + k * 7) % zoneIds.length], grain: "d" as const, period: today, impressions, clicks: Math.floor(impressions * 0.004 * draw(n + k)), conversions: Math.floor(impressions * 0.002 * draw(n * 7 + k)), spendMicros: impressions * 2_000 };
        }),
  );
  await insertAll(dataSource, StatFact, goalFacts);
  return zoneIds.map((id, n) => ({ id, domain: domains[n % SITES] }));
}

/** The bench's audiences, which its visitors' membership cookies name (see request-mix.ts). */
export async function benchAudienceIds(dataSource: DataSource): Promise<number[]> {
  return (await dataSource.getRepository(Audience).find({ select: { id: true }, order: { id: "ASC" } })).map((audience) => audience.id);
}
