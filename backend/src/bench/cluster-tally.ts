import type { DataSource } from "typeorm";
import { createDataSource } from "../db/data-source";
import { LedgerService } from "../modules/ledger/ledger.service";
import { ClusterCatalogue, seedClusterCatalogue } from "./cluster-catalogue";
import type { PhaseFigures } from "./cluster-load";
import { dailySums } from "../modules/reports/fact-sums";

const DRAIN_TIMEOUT_MS = 60_000;

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

/**
 * Refused beacons that account for an acknowledged one: every reason but a replay. A replay counts
 * nothing; an acknowledged beacon refused as one is counted only if its first try was, which the
 * counted impressions already say. Taking replays off "lost" would hide a beacon claimed and never logged.
 */
const notReplays = (refused: Record<string, number>) => sum(refused) - (refused.replay ?? 0);

/** What the database holds after a phase, against what the visitors were told. */
export interface PhaseCount {
  counted: number;
  /** Acknowledged beacons the database holds neither as counted nor as refused for a reason other than a replay. */
  lost: number;
  /** Impressions beyond the acknowledged beacons and those whose answer never came. */
  duplicated: number;
  /** Impression beacons the processes refused as invalid traffic, by reason (acknowledged all the same, as the tag is told nothing). */
  refused: Record<string, number>;
  /** Spend beyond the campaign's budget, or the advertiser's funds below zero, so far. */
  overspendMicros: number;
  drainSeconds: number;
}

/**
 * The bench's own connection to the database (straight to MariaDB, never through the proxy that
 * freezes): it seeds the catalogue and, after each phase, waits for the writers to drain and
 * counts what they wrote since the phase before.
 */
export class CountedBeacons {
  private impressionsBefore = 0;
  private refusedBefore: Record<string, number> = {};

  private constructor(
    private readonly dataSource: DataSource,
    readonly catalogue: ClusterCatalogue,
  ) {}

  static async seed(databaseUrl: string, dataDir: string): Promise<CountedBeacons> {
    const dataSource = await (await createDataSource({ databaseUrl, dataDir })).initialize();
    return new CountedBeacons(dataSource, await seedClusterCatalogue(dataSource));
  }

  /**
   * Waits until the database holds, counted or refused, as many impressions as were acknowledged
   * (or DRAIN_TIMEOUT_MS passes: what is missing then is lost) and no process has a backlog, then
   * counts what the phase added.
   */
  async afterDrain(ports: number[], figures: PhaseFigures): Promise<PhaseCount> {
    const started = performance.now();
    for (const deadline = Date.now() + DRAIN_TIMEOUT_MS; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      const backlogs = await Promise.all(ports.map(backlog));
      const written = (await this.totals()).impressions - this.impressionsBefore + notReplays(await this.refusedByReason()) - notReplays(this.refusedBefore);
      if (backlogs.every((events) => events === 0) && written >= figures.beaconsAcknowledged) break;
    }
    const { impressions, spendMicros } = await this.totals();
    const counted = impressions - this.impressionsBefore;
    this.impressionsBefore = impressions;
    const refusedNow = await this.refusedByReason();
    const refused = Object.fromEntries(Object.entries(refusedNow).map(([reason, count]) => [reason, count - (this.refusedBefore[reason] ?? 0)]).filter(([, count]) => count !== 0));
    this.refusedBefore = refusedNow;
    const { budgetMicros, advertiserId } = this.catalogue;
    const funds = await new LedgerService(this.dataSource).balance(advertiserId, "advertiser_funds");
    return {
      counted,
      refused,
      lost: Math.max(0, figures.beaconsAcknowledged - counted - notReplays(refused)),
      duplicated: Math.max(0, counted - figures.beaconsAcknowledged - figures.beaconsUnanswered),
      overspendMicros: Math.max(0, spendMicros - budgetMicros, -funds),
      drainSeconds: (performance.now() - started) / 1000,
    };
  }

  private async totals(): Promise<{ impressions: number; spendMicros: number }> {
    const { impressions, spendMicros } = await dailySums(this.dataSource, "campaign", this.catalogue.campaignId);
    return { impressions, spendMicros };
  }

  private async refusedByReason(): Promise<Record<string, number>> {
    const rows: { reason: string; refused: string }[] = await this.dataSource.query(
      "SELECT reason, SUM(count) AS refused FROM invalid_traffic WHERE campaign_id = ? AND event = 'impression' GROUP BY reason",
      [this.catalogue.campaignId],
    );
    return Object.fromEntries(rows.map(({ reason, refused }) => [reason, Number(refused)]));
  }

  async close(): Promise<void> {
    await this.dataSource.destroy();
  }
}

/** Events the process at this port logged and the database has not applied; -1 while it does not answer. */
async function backlog(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
  if (!response) return -1;
  const report = (await response.json().catch(() => null)) as { eventLog?: { backlog: number } } | null;
  return report?.eventLog?.backlog ?? -1;
}
