import type { DataSource } from "typeorm";
import type { BackgroundTasks, DeliveryLog } from "../background-tasks";
import type { Inventory } from "../decision/inventory";
import { CreativeOdds, loadCreativeOdds } from "./creative-odds";
import { Prediction, RateModel } from "./rate-prediction";
import { campaignTallies } from "./rate-tallies";
import { loadTrafficCurve, TrafficCurve } from "./traffic-curve";

/** How often the predicted click and conversion rates are read again from the read model. */
const PREDICTION_REFRESH_MS = 3 * 60_000;
/** How often the traffic curve and the creatives' odds are read again from the read model: in the background, never on a request. */
const TRAFFIC_CURVE_REFRESH_MS = 10 * 60_000;
const CREATIVE_ODDS_REFRESH_MS = 2 * 60_000;

/**
 * What the ad server learns from its own results, read again in the background from the read model:
 * the campaigns' predicted rates, which price CPC and CPA bids as eCPMs for the auction; the traffic
 * curve, which paces budgets through the day; the optimised rotations' creative odds.
 */
export class LearningLoops {
  private rates = new RateModel();
  private curve = new TrafficCurve();
  private odds = new CreativeOdds();

  constructor(
    private readonly dataSource: DataSource,
    private readonly inventory: Inventory,
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
    this.inventory.afterLoad(async () => this.reprice());
    await this.refreshPredictions().catch((error) => log.warn({ err: error }, "could not read the campaigns' click and conversion rates; retrying"));
  }

  /** Reads the traffic curve and the creatives' odds for the first time, then keeps every loop going under `tasks`. */
  async startLoops(tasks: BackgroundTasks, log: DeliveryLog): Promise<void> {
    await this.refreshTrafficCurve().catch((error) => log.warn({ err: error }, "could not read the traffic curve; pacing follows a flat day until it can"));
    await this.refreshCreativeOdds().catch((error) => log.warn({ err: error }, "could not read the creatives' results; optimised rotations share evenly until it can"));
    tasks.every(TRAFFIC_CURVE_REFRESH_MS, () => this.refreshTrafficCurve());
    tasks.every(CREATIVE_ODDS_REFRESH_MS, () => this.refreshCreativeOdds());
    tasks.every(PREDICTION_REFRESH_MS, () => this.refreshPredictions());
  }

  /** Reads the campaigns' counts from the read model again and reprices the catalogue with them. */
  async refreshPredictions(): Promise<void> {
    this.rates = new RateModel(await campaignTallies(this.dataSource, Date.now()));
    this.reprice();
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
    this.inventory.reprice((campaign) => this.rates.predict(campaign).ecpmMicros);
  }

  private async refreshTrafficCurve(): Promise<void> {
    this.curve = await loadTrafficCurve(this.dataSource, Date.now());
  }

  private async refreshCreativeOdds(): Promise<void> {
    this.odds = await loadCreativeOdds(this.dataSource, Date.now());
  }
}
