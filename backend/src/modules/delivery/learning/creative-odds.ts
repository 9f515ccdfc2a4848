import type { DataSource } from "typeorm";
import { sqlDateTime } from "../../../common/db-upsert";
import { BILLABLE_STATUSES } from "../../campaigns/campaign-lifecycle";
import { CreativeRotation } from "../../campaigns/campaign.entity";
import { CreativeStatus } from "../../creatives/creative.entity";
import { reportCalendar } from "../../reports/grains";
import { rotationShares, UNKNOWN_ODDS } from "../decision/creative-rotation";

/** Click history the odds are drawn from: recent enough to notice a creative wearing out. */
export const ROTATION_HISTORY_DAYS = 14;
/** Draws per campaign: the odds to about ±1.5 points, in some milliseconds for a campaign of a few creatives. */
const DRAWS = 2_000;

/** The shown and clicked counts of one creative. */
export interface CreativeResults {
  impressions: number;
  clicks: number;
}

/** Each optimised campaign's creatives' odds of having the best click rate, by creative id. */
export class CreativeOdds {
  constructor(private readonly odds = new Map<number, number>()) {}

  oddsOf(creativeId: number): number {
    return this.odds.get(creativeId) ?? UNKNOWN_ODDS;
  }
}

/** Each arm's odds of having the highest click rate, from DRAWS joint draws of the Beta beliefs. */
export function oddsOfBest(arms: CreativeResults[], random: () => number, draws = DRAWS): number[] {
  const wins = new Array<number>(arms.length).fill(0);
  for (let draw = 0; draw < draws; draw++) {
    let best = 0;
    let bestRate = -1;
    for (let arm = 0; arm < arms.length; arm++) {
      const clicks = Math.min(arms[arm].clicks, arms[arm].impressions);
      const rate = betaSample(clicks + 1, arms[arm].impressions - clicks + 1, random);
      if (rate > bestRate) {
        bestRate = rate;
        best = arm;
      }
    }
    wins[best]++;
  }
  return wins.map((won) => won / draws);
}

/** One creative of a campaign as its rotation sees it: its recent results and the share of impressions it gets now. */
export interface CreativeRotationRow extends CreativeResults {
  creativeId: number;
  share: number;
}

/**
 * Why a campaign's creatives share its impressions as they do: each approved creative's results of
 * the last ROTATION_HISTORY_DAYS and its share now. An optimised rotation's odds are drawn again
 * here from the same read model the ad server reads, so they agree with its own to a point or so.
 */
export async function rotationReport(dataSource: DataSource, campaign: { id: number; rotation: CreativeRotation }, nowMs: number): Promise<CreativeRotationRow[]> {
  const creatives = (await creativeResultsByCampaign(dataSource, nowMs, [campaign.id])).get(campaign.id) ?? [];
  const shares = rotationShares(campaign.rotation, campaign.rotation === CreativeRotation.OPTIMISED ? oddsOfBest(creatives, Math.random) : creatives.map(() => 0));
  return creatives.map((creative, index) => ({ ...creative, share: shares[index] }));
}

function betaSample(alpha: number, beta: number, random: () => number): number {
  const x = gammaSample(alpha, random);
  return x / (x + gammaSample(beta, random));
}

/** Marsaglia and Tsang's method, for shapes of at least 1 (a Beta belief's are). */
function gammaSample(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const z = normalSample(random);
    const v = (1 + c * z) ** 3;
    if (v <= 0) continue;
    const u = random();
    if (Math.log(u) < 0.5 * z * z + d - d * v + d * Math.log(v)) return d * v;
  }
}

function normalSample(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** The approved creatives of every optimised campaign (or of the campaigns given) with their results of the last ROTATION_HISTORY_DAYS, by campaign. */
async function creativeResultsByCampaign(dataSource: DataSource, nowMs: number, campaignIds?: number[]): Promise<Map<number, ({ creativeId: number } & CreativeResults)[]>> {
  const since = reportCalendar().dateStart(reportCalendar().dateOf(nowMs), -ROTATION_HISTORY_DAYS);
  const rows: Record<string, string | number>[] = await dataSource.query(
    `SELECT cr.id AS creativeId, cr.campaign_id AS campaignId, COALESCE(SUM(f.impressions), 0) AS impressions, COALESCE(SUM(f.clicks), 0) AS clicks
     FROM creatives cr
     INNER JOIN campaigns c ON c.id = cr.campaign_id
     LEFT JOIN stat_facts f ON f.scope = 'creative' AND f.owner_id = c.advertiser_id AND f.scope_id = cr.id AND f.grain = 'd' AND f.period >= ?
     WHERE cr.status = ? AND c.status IN (${BILLABLE_STATUSES.map(() => "?").join(", ")})
       ${campaignIds ? `AND c.id IN (${campaignIds.map(() => "?").join(", ")})` : "AND c.rotation = ?"}
     GROUP BY cr.id, cr.campaign_id
     ORDER BY cr.id`,
    [sqlDateTime(since), CreativeStatus.APPROVED, ...BILLABLE_STATUSES, ...(campaignIds ?? [CreativeRotation.OPTIMISED])],
  );
  const byCampaign = new Map<number, ({ creativeId: number } & CreativeResults)[]>();
  for (const row of rows) {
    const campaignId = Number(row.campaignId);
    const creatives = byCampaign.get(campaignId) ?? [];
    creatives.push({ creativeId: Number(row.creativeId), impressions: Number(row.impressions), clicks: Number(row.clicks) });
    byCampaign.set(campaignId, creatives);
  }
  return byCampaign;
}

/**
 * The odds of every optimised campaign's creatives, from the read model. Runs in the background;
 * it yields between campaigns so a large network's draws never hold the request path for long.
 */
export async function loadCreativeOdds(dataSource: DataSource, nowMs: number, random: () => number = Math.random): Promise<CreativeOdds> {
  const odds = new Map<number, number>();
  for (const creatives of (await creativeResultsByCampaign(dataSource, nowMs)).values()) {
    oddsOfBest(creatives, random).forEach((value, index) => odds.set(creatives[index].creativeId, value));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return new CreativeOdds(odds);
}
