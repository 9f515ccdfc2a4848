import type { DataSource } from "typeorm";
import type { BackgroundTasks, DeliveryLog } from "../background-tasks";
import type { Inventory } from "../decision/inventory";
import { BidStrategy } from "../../campaigns/campaign.entity";
import { bidsSummary, logBidsOnce } from "../../optimisation/bid-summaries";
import type { PlacementExclusions } from "../../optimisation/placement-exclusions";
import { reviewPlacements } from "../../optimisation/placement-review";
import type { AuditService } from "../../audit/audit.service";
import type { CampaignEntry } from "../model";
import { reportDay } from "../decision/decision";
import { CreativeOdds, loadCreativeOdds } from "./creative-odds";
import { goalBids, type ZoneBids, type ZoneTally } from "./goal-bids";
import { Prediction, RateModel } from "./rate-prediction";
import { campaignTallies, goalZoneTallies } from "./rate-tallies";
import { loadTrafficCurve, TrafficCurve } from "./traffic-curve";
import type { GoalPace } from "./goal-pacing";
import type { Spending } from "../decision/decider";

/** How often the predicted click and conversion rates are read again from the read model. */
const PREDICTION_REFRESH_MS = 3 * 60_000;
/** How often the traffic curve and the creatives' odds are read again from the read model: in the background, never on a request. */
const TRAFFIC_CURVE_REFRESH_MS = 10 * 60_000;
const CREATIVE_ODDS_REFRESH_MS = 2 * 60_000;
/** How often the guaranteed campaigns' take shares are worked out again: from memory, so often enough to follow each hour's traffic. */
const GOAL_PACING_MS = 30_000;

/** Where the optimisation engine writes what it changes: the placements it excludes, and the campaigns' histories. */
export interface OptimisationRecords {
  placements: PlacementExclusions;
  audit: AuditService;
}

/**
 * What the ad server learns from its own results, read again in the background from the read model:
 * the campaigns' predicted rates, which price CPC and CPA bids as eCPMs for the auction; the traffic
 * curve, which paces budgets through the day; the optimised rotations' creative odds; and for the
 * campaigns bidding to a goal, their bids zone by zone and the placements taken out of them; and
 * for the guaranteed campaigns, the share of their matching requests that keeps them on pace.
 */
export class LearningLoops {
  private rates = new RateModel();
  private curve = new TrafficCurve();
  private odds = new CreativeOdds();
  private zoneTallies = new Map<number, ZoneTally[]>();
  private excluded = new Map<number, Set<number>>();
  /** The day each goal campaign's bids were last logged from here, so a loop asks the database once a day per campaign, not every run. */
  private readonly bidsLoggedOn = new Map<number, string>();
  /** Each guaranteed campaign's counts, kept across catalogue loads: a reload must not forget the traffic its forecast learnt. */
  private readonly paces = new Map<number, GoalPace>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly inventory: Inventory,
    private readonly records?: OptimisationRecords,
    /** The campaigns' spend, which tells what a guaranteed campaign has delivered; none leaves guaranteed campaigns unpaced. */
    private readonly spending?: Pick<Spending, "spendOf">,
  ) {}

  get trafficCurve(): TrafficCurve {
    return this.curve;
  }

  get creativeOdds(): CreativeOdds {
    return this.odds;
  }

  /**
   * Prices every catalogue load with the predicted rates, first and at once (the catalogue just
   * swapped in must not serve a moment with CPC and CPA bids taken for eCPMs), and reads them.
   */
  async startPricing(log: DeliveryLog): Promise<void> {
    this.inventory.afterLoad(async () => {
      this.reprice();
      this.paceGoals();
    });
    await this.refreshPredictions().catch((error) => log.warn({ err: error }, "could not read the campaigns' click and conversion rates; retrying"));
  }

  /** Reads the traffic curve and the creatives' odds for the first time, then keeps every loop going under `tasks`. */
  async startLoops(tasks: BackgroundTasks, log: DeliveryLog): Promise<void> {
    await this.refreshTrafficCurve().catch((error) => log.warn({ err: error }, "could not read the traffic curve; pacing follows a flat day until it can"));
    await this.refreshCreativeOdds().catch((error) => log.warn({ err: error }, "could not read the creatives' results; optimised rotations share evenly until it can"));
    tasks.every(TRAFFIC_CURVE_REFRESH_MS, () => this.refreshTrafficCurve());
    tasks.every(CREATIVE_ODDS_REFRESH_MS, () => this.refreshCreativeOdds());
    tasks.every(PREDICTION_REFRESH_MS, () => this.refreshPredictions());
    tasks.every(GOAL_PACING_MS, async () => this.paceGoals());
  }

  /**
   * Sets each guaranteed campaign's take share from its goal left, what it has delivered and the
   * forecast of its matching requests left (see GoalPace), keeping the counts of a campaign whose
   * goal a reload left as it was.
   */
  paceGoals(now = Date.now()): void {
    if (!this.spending) return;
    const day = reportDay(now);
    for (const id of this.inventory.servableCampaignIds()) {
      const campaign = this.inventory.campaign(id);
      if (!campaign?.goal) continue;
      const kept = this.paces.get(id);
      if (kept && kept.type === campaign.goal.type && kept.amount === campaign.goal.amount) campaign.goal = kept;
      else this.paces.set(id, campaign.goal);
      campaign.takeShare = campaign.goal.takeShareAt(campaign, this.spending.spendOf(id, day).total, now, this.curve);
    }
  }

  /**
   * Reads the campaigns' counts from the read model again, excludes the goal campaigns' placements
   * that spend without results, and reprices the catalogue with them.
   */
  async refreshPredictions(): Promise<void> {
    const now = Date.now();
    const [tallies, zoneTallies] = await Promise.all([campaignTallies(this.dataSource, now), goalZoneTallies(this.dataSource, now)]);
    this.rates = new RateModel(tallies);
    this.zoneTallies = new Map();
    for (const tally of zoneTallies) this.zoneTallies.set(tally.campaignId, [...(this.zoneTallies.get(tally.campaignId) ?? []), tally]);
    if (this.records) await this.optimise(this.records, now);
    this.reprice();
  }

  /** A goal campaign's bids per zone as the auction uses them; null for a fixed bid or a campaign not in the catalogue. */
  zoneBids(campaignId: number): ZoneBids | null {
    return this.inventory.campaign(campaignId)?.zoneBids ?? null;
  }

  /** Excludes what the placement rule says to, each once across the ad servers, and logs each goal campaign's bids once a day. */
  private async optimise({ placements, audit }: OptimisationRecords, now: number): Promise<void> {
    const day = reportDay(now);
    for (const campaign of this.goalCampaigns()) {
      const excluded = this.excluded.get(campaign.id);
      for (const { zone, results, verdict } of reviewPlacements(campaign.bidStrategy, this.zoneTallies.get(campaign.id) ?? [])) {
        if (!verdict.exclude || excluded?.has(zone.zoneId)) continue;
        const entry = this.inventory.zone(zone.zoneId);
        const name = entry ? `Zone ${zone.zoneId} on ${entry.domain}` : `Zone ${zone.zoneId}`;
        await placements.exclude({ campaign, zone: { id: zone.zoneId, name }, impressions: zone.impressions, results, verdict }, now);
      }
      const bids = this.goalBidsOf(campaign);
      if (!bids || this.bidsLoggedOn.get(campaign.id) === day) continue;
      await logBidsOnce(this.dataSource, audit, campaign, bidsSummary(bids), day);
      this.bidsLoggedOn.set(campaign.id, day);
    }
    this.excluded = await placements.excludedZones();
  }

  private goalCampaigns(): CampaignEntry[] {
    return this.inventory.servableCampaignIds().flatMap((id) => {
      const campaign = this.inventory.campaign(id);
      return campaign && campaign.bidStrategy !== BidStrategy.FIXED ? [campaign] : [];
    });
  }

  private goalBidsOf(campaign: CampaignEntry): ZoneBids | null {
    return goalBids(campaign, this.rates.predict(campaign), this.zoneTallies.get(campaign.id) ?? []);
  }

  /** Reads the traffic curve and the creatives' odds again now, rather than at their next tick. */
  async refreshForecasts(): Promise<void> {
    await this.refreshTrafficCurve();
    await this.refreshCreativeOdds();
  }

  /** A campaign's predicted rates and eCPM, as the auction uses them; null when it is not in the catalogue. */
  prediction(campaignId: number): Prediction | null {
    const campaign = this.inventory.campaign(campaignId);
    return campaign ? this.rates.predict(campaign) : null;
  }

  private reprice(): void {
    this.inventory.reprice((campaign) => {
      const zoneBids = this.goalBidsOf(campaign);
      return { ecpmMicros: zoneBids ? zoneBids.highest : this.rates.predict(campaign).ecpmMicros, zoneBids, excludedZones: this.excluded.get(campaign.id) ?? null };
    });
  }

  private async refreshTrafficCurve(): Promise<void> {
    this.curve = await loadTrafficCurve(this.dataSource, Date.now());
  }

  private async refreshCreativeOdds(): Promise<void> {
    this.odds = await loadCreativeOdds(this.dataSource, Date.now());
  }
}
