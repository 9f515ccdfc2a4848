import type { DataSource } from "typeorm";
import { hashPassword } from "../auth/passwords";
import { Role } from "../auth/roles";
import { Campaign, CampaignStatus } from "../modules/campaigns/campaign.entity";
import { Creative, CreativeStatus } from "../modules/creatives/creative.entity";
import { newBatchId, writeBatch } from "../modules/delivery/counting/batch-writer";
import { statRow } from "../modules/delivery/counting/counted-events";
import type { MoneyRow, StatRow } from "../modules/delivery/counting/counted-events";
import { StatTable } from "../modules/delivery/counting/stat-table";
import { LedgerKind } from "../modules/ledger/ledger-entry.entity";
import { LedgerService } from "../modules/ledger/ledger.service";
import { HOUR_MS, reportCalendar } from "../modules/reports/grains";
import { Site, SiteStatus } from "../modules/sites/site.entity";
import { User } from "../modules/users/user.entity";
import { AdZone } from "../modules/zones/ad-zone.entity";
import { insertAll } from "./bench-inventory";
import { seededRandom } from "../common/seeded-random";
import { visitsAt, WEEKLY } from "../db/demo-traffic";

/**
 * A network with a past: its own publishers, advertisers, sites, zones and campaigns, and every
 * past hour's counted traffic written through the ad server's own writer, so the read model and the
 * ledger agree. The same seed writes the same traffic. The largest publisher
 * owns a tenth of the zones and the largest advertiser a tenth of the campaigns.
 */

export const HISTORY_PASSWORD = "history-password";
const COUNTRIES = ["US", "GB", "CA", "AU", "DE", "FR", "IT", "ES", "NL", "TR", "BR", "JP"];
const REVENUE_SHARE = 0.7;

export interface Options {
  days: number;
  zones: number;
  campaigns: number;
  /** Rows in an ordinary weekday's mean hour: the night has fewer, the evening more, the weekend fewer. */
  rowsPerHour: number;
  seed: number;
}

/** Owner of each of `count` things: the first owner a tenth of them, the others `each` apiece. */
function skewedOwners(count: number, each: number): { owners: number; ownerOf: (n: number) => number } {
  const largest = Math.max(1, Math.floor(count / 10));
  return { owners: 1 + Math.ceil((count - largest) / each), ownerOf: (n) => (n < largest ? 0 : 1 + Math.floor((n - largest) / each)) };
}

export interface Network {
  zones: { id: number; siteId: number; publisherId: number }[];
  campaigns: { id: number; advertiserId: number; creativeId: number; cpmMicros: number }[];
  logins: { publisher: string; advertiser: string };
}

async function seedCatalogue(dataSource: DataSource, { zones, campaigns, days }: Options, run: string): Promise<Network> {
  const passwordHash = await hashPassword(HISTORY_PASSWORD);
  const people = async (role: Role, count: number) =>
    insertAll(
      dataSource,
      User,
      Array.from({ length: count }, (_, n) => ({ email: `${role}-${n}-${run}@history.example`, fullName: `History ${role} ${n}`, role, passwordHash })),
    );
  const zoneOwners = skewedOwners(zones, 10);
  const campaignOwners = skewedOwners(campaigns, 2);
  const publisherIds = await people(Role.PUBLISHER, zoneOwners.owners);
  const advertiserIds = await people(Role.ADVERTISER, campaignOwners.owners);

  // Sites of up to ten zones, each site with one publisher's zones.
  const zonePublishers = Array.from({ length: zones }, (_, n) => publisherIds[zoneOwners.ownerOf(n)]);
  const siteOf: number[] = [];
  const sitePublishers: number[] = [];
  let zonesOnSite = 0;
  for (const publisherId of zonePublishers) {
    if (sitePublishers.at(-1) !== publisherId || zonesOnSite === 10) {
      sitePublishers.push(publisherId);
      zonesOnSite = 0;
    }
    siteOf.push(sitePublishers.length - 1);
    zonesOnSite += 1;
  }
  const siteIds = await insertAll(
    dataSource,
    Site,
    sitePublishers.map((publisherId, s) => ({
      publisherId,
      domain: `site-${s}-${run}.history.example`,
      name: `History site ${s}`,
      category: "news" as const,
      description: "A site with a synthetic history",
      status: SiteStatus.APPROVED,
    })),
  );
  const zoneIds = await insertAll(
    dataSource,
    AdZone,
    zonePublishers.map((_, n) => ({ siteId: siteIds[siteOf[n]], name: `Zone ${n}`, width: 300, height: 250, format: "banner" as const, position: "content" as const })),
  );
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const cpms = Array.from({ length: campaigns }, (_, n) => (100 + ((n * 37) % 900)) * 10_000);
  const campaignIds = await insertAll(
    dataSource,
    Campaign,
    cpms.map((cpmMicros, n) => ({
      advertiserId: advertiserIds[campaignOwners.ownerOf(n)],
      name: `History campaign ${n}`,
      budgetMicros: 1_000_000 * 1_000_000,
      bidMicros: cpmMicros,
      targetCountries: [],
      startDate: day(-days - 1),
      endDate: day(30),
      status: CampaignStatus.ACTIVE,
    })),
  );
  const creativeIds = await insertAll(
    dataSource,
    Creative,
    campaignIds.map((campaignId, n) => ({
      campaignId,
      name: `History creative ${n}`,
      type: "image" as const,
      contentUrl: `https://cdn.history.example/${n}.png`,
      clickUrl: null,
      width: 300,
      height: 250,
      status: CreativeStatus.APPROVED,
    })),
  );
  return {
    zones: zoneIds.map((id, n) => ({ id, siteId: siteIds[siteOf[n]], publisherId: zonePublishers[n] })),
    campaigns: campaignIds.map((id, n) => ({ id, advertiserId: advertiserIds[campaignOwners.ownerOf(n)], creativeId: creativeIds[n], cpmMicros: cpms[n] })),
    logins: { publisher: `publisher-0-${run}@history.example`, advertiser: `advertiser-0-${run}@history.example` },
  };
}

export interface Written {
  rows: number;
  impressions: number;
  clicks: number;
  spendMicros: number;
  /** The largest publisher's figures in all, and this calendar month so far (what its dashboard shows). */
  largestPublisher: PublisherFigures & { thisMonth: PublisherFigures };
  largestAdvertiser: AdvertiserFigures & { thisMonth: AdvertiserFigures };
}

interface PublisherFigures {
  impressions: number;
  revenueMicros: number;
}

interface AdvertiserFigures {
  impressions: number;
  spendMicros: number;
}

/** One hour's traffic: random pairs of zone and campaign, some requests unfilled, money to match. */
function hourOf(network: Network, hour: number, rowsPerHour: number, random: () => number): { stats: StatRow[]; money: MoneyRow[] } {
  const stats: StatRow[] = [];
  const spend = new Map<number, number>();
  const earnings = new Map<number, number>();
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  for (let i = 0; i < rowsPerHour; i++) {
    const zone = pick(network.zones);
    const country = pick(COUNTRIES);
    const at = { atMs: hour, publisherId: zone.publisherId, siteId: zone.siteId, zoneId: zone.id, country };
    if (i % 10 === 9) {
      stats.push(statRow({ ...at, advertiserId: 0, campaignId: 0, creativeId: 0 }, { requests: 1 + Math.floor(random() * 20) }));
      continue;
    }
    const campaign = pick(network.campaigns);
    const impressions = 1 + Math.floor(random() * 200);
    const clicks = Math.floor(impressions * random() * 0.03);
    const spendMicros = Math.floor((impressions * campaign.cpmMicros) / 1000);
    const revenueMicros = Math.floor(spendMicros * REVENUE_SHARE);
    const ad = { advertiserId: campaign.advertiserId, campaignId: campaign.id, creativeId: campaign.creativeId };
    stats.push(statRow({ ...at, ...ad }, { requests: impressions, impressions, clicks, conversions: Math.floor(clicks * random() * 0.2), spendMicros, revenueMicros }));
    spend.set(campaign.id, (spend.get(campaign.id) ?? 0) + spendMicros);
    earnings.set(zone.publisherId, (earnings.get(zone.publisherId) ?? 0) + revenueMicros);
  }
  const advertiserOf = new Map(network.campaigns.map((campaign) => [campaign.id, campaign.advertiserId]));
  const money: MoneyRow[] = [
    ...[...spend].map(([campaignId, amountMicros]) => ({ userId: advertiserOf.get(campaignId)!, kind: LedgerKind.SPEND, campaignId, amountMicros })),
    ...[...earnings].map(([userId, amountMicros]) => ({ userId, kind: LedgerKind.EARNING, campaignId: null, amountMicros })),
  ];
  return { stats, money };
}

/** Writes the catalogue and `days` of hourly traffic up to the current hour; says what it wrote. */
export async function seedHistory(dataSource: DataSource, settings: Options, onDay?: (day: number) => void): Promise<{ network: Network; written: Written }> {
  const started = Date.now();
  const run = `${settings.seed}-${started.toString(36)}`;
  const network = await seedCatalogue(dataSource, settings, run);
  const random = seededRandom(settings.seed);
  const firstHour = Math.floor(started / HOUR_MS) * HOUR_MS - settings.days * 24 * HOUR_MS;
  const largestPublisher = network.zones[0].publisherId;
  const largestAdvertiser = network.campaigns[0].advertiserId;
  const written: Written = {
    rows: 0,
    impressions: 0,
    clicks: 0,
    spendMicros: 0,
    largestPublisher: { impressions: 0, revenueMicros: 0, thisMonth: { impressions: 0, revenueMicros: 0 } },
    largestAdvertiser: { impressions: 0, spendMicros: 0, thisMonth: { impressions: 0, spendMicros: 0 } },
  };
  // The dashboards show the reporting calendar's month so far: a history reaching back past its start has two months.
  const thisMonthStart = reportCalendar().monthStart(started);
  // Each advertiser paid in before the first hour, far more than the history spends, so their campaigns may deliver.
  const advertisers = [...new Set(network.campaigns.map((campaign) => campaign.advertiserId))];
  await new LedgerService(dataSource).append(
    advertisers.map((userId) => ({ userId, kind: LedgerKind.DEPOSIT, amountMicros: 1_000_000_000_000, memo: "History funds", createdAt: new Date(firstHour - HOUR_MS) })),
  );
  for (let hour = firstHour; hour < firstHour + settings.days * 24 * HOUR_MS; hour += HOUR_MS) {
    // As busy as the hour of the day and the day of the week make it, like the demo's traffic.
    const rows = Math.max(1, Math.round(settings.rowsPerHour * visitsAt(hour, WEEKLY.workday)));
    const { stats, money } = hourOf(network, hour, rows, random);
    await writeBatch(dataSource, { id: newBatchId(), countedAt: hour + HOUR_MS - 1, stats: StatTable.of(stats), invalid: [], money, clicks: [], completed: [] });
    written.rows += stats.length;
    const thisMonth = hour >= thisMonthStart;
    for (const row of stats) {
      written.impressions += row.impressions;
      written.clicks += row.clicks;
      written.spendMicros += row.spendMicros;
      if (row.publisherId === largestPublisher) {
        written.largestPublisher.impressions += row.impressions;
        written.largestPublisher.revenueMicros += row.revenueMicros;
        if (thisMonth) written.largestPublisher.thisMonth.impressions += row.impressions;
        if (thisMonth) written.largestPublisher.thisMonth.revenueMicros += row.revenueMicros;
      }
      if (row.advertiserId === largestAdvertiser) {
        written.largestAdvertiser.impressions += row.impressions;
        written.largestAdvertiser.spendMicros += row.spendMicros;
        if (thisMonth) written.largestAdvertiser.thisMonth.impressions += row.impressions;
        if (thisMonth) written.largestAdvertiser.thisMonth.spendMicros += row.spendMicros;
      }
    }
    if ((hour - firstHour) % (24 * HOUR_MS) === 0) onDay?.((hour - firstHour) / (24 * HOUR_MS) + 1);
  }
  return { network, written };
}
