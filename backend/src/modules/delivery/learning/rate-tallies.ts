import type { DataSource } from "typeorm";
import { sqlDateTime } from "../../../common/db-upsert";
import type { CreativeType } from "../../creatives/creative.entity";
import { reportCalendar } from "../../reports/grains";
import { BidStrategy } from "../../campaigns/campaign.entity";
import type { ZoneTally } from "./goal-bids";
import type { CampaignTally } from "./rate-prediction";

/** The months of counts a prediction reads, this one included: recent enough to follow a campaign's creatives as they tire. */
const HISTORY_MONTHS = 3;

/**
 * Each campaign's impressions, clicks, conversions, viewable impressions and completed views of the last HISTORY_MONTHS, from the read
 * model's monthly totals, with its category and format: a handful of rows per campaign, read in
 * the background, never on the request path.
 */
export async function campaignTallies(dataSource: DataSource, nowMs: number): Promise<CampaignTally[]> {
  const since = sqlDateTime(reportCalendar().monthStart(nowMs, 1 - HISTORY_MONTHS));
  const [rows, videoRows] = await Promise.all([
    dataSource.query(
      `SELECT f.scope_id AS campaignId, c.category AS category,
         SUM(f.impressions) AS impressions, SUM(f.clicks) AS clicks, SUM(f.conversions) AS conversions,
         SUM(f.viewable) AS viewable, SUM(f.completes) AS completes
       FROM stat_facts f INNER JOIN campaigns c ON c.id = f.scope_id
       WHERE f.scope = 'campaign' AND f.grain = 'm' AND f.period >= ?
       GROUP BY f.scope_id, c.category`,
      [since],
    ) as Promise<Record<string, unknown>[]>,
    dataSource.query(`SELECT DISTINCT campaign_id AS campaignId FROM creatives WHERE type = ?`, ["video" satisfies CreativeType]) as Promise<{ campaignId: unknown }[]>,
  ]);
  const video = new Set(videoRows.map((row) => Number(row.campaignId)));
  return rows.map((row) => ({
    campaignId: Number(row.campaignId),
    category: String(row.category),
    format: video.has(Number(row.campaignId)) ? "video" : "display",
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    conversions: Number(row.conversions),
    viewable: Number(row.viewable),
    completes: Number(row.completes),
  }));
}

/** The days of a campaign's zone-by-zone results its bids per zone and its placements are judged on. */
export const ZONE_HISTORY_DAYS = 28;

/**
 * Each goal-bidding campaign's (or one's) results zone by zone over the last ZONE_HISTORY_DAYS, from the read
 * model's daily `cmp_zone` totals: read in the background, never on the request path.
 */
export async function goalZoneTallies(dataSource: DataSource, nowMs: number, campaignId?: number): Promise<ZoneTally[]> {
  const since = sqlDateTime(nowMs - ZONE_HISTORY_DAYS * 86_400_000);
  const oneCampaign = campaignId === undefined ? "" : "AND f.owner_id = ?";
  const rows: Record<string, unknown>[] = await dataSource.query(
    `SELECT f.owner_id AS campaignId, f.scope_id AS zoneId, SUM(f.impressions) AS impressions, SUM(f.clicks) AS clicks,
       SUM(f.conversions) AS conversions, SUM(f.spend_micros) AS spendMicros
     FROM stat_facts f INNER JOIN campaigns c ON c.id = f.owner_id
     WHERE f.scope = 'cmp_zone' AND f.grain = 'd' AND f.period >= ? AND c.bid_strategy <> ? ${oneCampaign}
     GROUP BY f.owner_id, f.scope_id`,
    [since, BidStrategy.FIXED, ...(campaignId === undefined ? [] : [campaignId])],
  );
  return rows.map((row) => ({
    campaignId: Number(row.campaignId),
    zoneId: Number(row.zoneId),
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    conversions: Number(row.conversions),
    spendMicros: Number(row.spendMicros),
  }));
}
