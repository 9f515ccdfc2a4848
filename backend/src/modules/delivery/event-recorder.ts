import { DataSource, EntityManager, IsNull } from "typeorm";
import { Campaign, CampaignStatus } from "../campaigns/campaign.entity";
import { LedgerEntry, LedgerKind } from "../ledger/ledger-entry.entity";
import { LedgerService } from "../ledger/ledger.service";
import { AdClick } from "./ad-click.entity";

export type TrafficEvent = "request" | "impression" | "click" | "conversion";

/** Where a counted event belongs in the hourly aggregates. */
export interface EventKey {
  hour: number;
  zoneId: number;
  campaignId: number;
  creativeId: number;
  country: string;
}

interface StatRow extends EventKey {
  requests: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spendMicros: number;
  revenueMicros: number;
}

interface InvalidRow {
  hour: number;
  zoneId: number;
  campaignId: number;
  event: TrafficEvent;
  reason: string;
  count: number;
}

interface MoneyRow {
  userId: number;
  kind: LedgerKind;
  campaignId: number | null;
  amountMicros: number;
}

const hourStart = (atMs: number) => atMs - (atMs % 3_600_000);

/** Everything counted since the last flush. */
class Batch {
  readonly stats = new Map<string, StatRow>();
  readonly invalid = new Map<string, InvalidRow>();
  readonly money = new Map<string, MoneyRow>();
  readonly clicks = new Map<string, AdClick>();
  readonly completed = new Set<number>();

  get empty(): boolean {
    return this.stats.size + this.invalid.size + this.money.size + this.clicks.size + this.completed.size === 0;
  }

  /** The row an event at `key.hour` (any moment) adds to: the one of its hour. */
  stat(key: EventKey): StatRow {
    const hour = hourStart(key.hour);
    const id = `${hour}|${key.zoneId}|${key.campaignId}|${key.creativeId}|${key.country}`;
    let row = this.stats.get(id);
    if (!row) {
      row = {
        hour,
        zoneId: key.zoneId,
        campaignId: key.campaignId,
        creativeId: key.creativeId,
        country: key.country,
        requests: 0,
        impressions: 0,
        clicks: 0,
        conversions: 0,
        spendMicros: 0,
        revenueMicros: 0,
      };
      this.stats.set(id, row);
    }
    return row;
  }

  addInvalid(event: InvalidRow): void {
    const row = { ...event, hour: hourStart(event.hour) };
    const id = `${row.hour}|${row.zoneId}|${row.campaignId}|${row.event}|${row.reason}`;
    const existing = this.invalid.get(id);
    if (existing) existing.count += row.count;
    else this.invalid.set(id, row);
  }

  addMoney(row: MoneyRow): void {
    const id = `${row.userId}|${row.kind}|${row.campaignId}`;
    const existing = this.money.get(id);
    if (existing) existing.amountMicros += row.amountMicros;
    else this.money.set(id, { ...row });
  }

  /** Folds a batch that failed to write back in, so nothing counted is dropped. */
  absorb(older: Batch): void {
    for (const row of older.stats.values()) {
      const target = this.stat(row);
      target.requests += row.requests;
      target.impressions += row.impressions;
      target.clicks += row.clicks;
      target.conversions += row.conversions;
      target.spendMicros += row.spendMicros;
      target.revenueMicros += row.revenueMicros;
    }
    for (const row of older.invalid.values()) this.addInvalid(row);
    for (const row of older.money.values()) this.addMoney(row);
    for (const [id, click] of older.clicks) if (!this.clicks.has(id)) this.clicks.set(id, click);
    for (const id of older.completed) this.completed.add(id);
  }
}

/** The text form TypeORM itself stores for datetime columns, so raw upserts hit the same keys. */
const sqlDateTime = (atMs: number) => new Date(atMs).toISOString().replace("T", " ").replace("Z", "");
const ROWS_PER_STATEMENT = 400;

/**
 * Counts ad events in memory and writes them in batches: hourly aggregates with atomic
 * increments, the matching ledger entries, click records and campaigns whose budget ran out,
 * all in one transaction per flush. A failed flush keeps its batch for the next attempt.
 */
export class EventRecorder {
  private batch = new Batch();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
  ) {}

  request(key: EventKey): void {
    this.batch.stat(key).requests += 1;
  }

  impression(key: EventKey, charge: { advertiserId: number; publisherId: number; spendMicros: number; earningMicros: number }): void {
    const row = this.batch.stat(key);
    row.impressions += 1;
    row.spendMicros += charge.spendMicros;
    row.revenueMicros += charge.earningMicros;
    // The ledger keeps one row per campaign (spend) and per publisher (earning) per flush;
    // the per-zone detail is in the hourly aggregates above.
    this.batch.addMoney({ userId: charge.advertiserId, kind: LedgerKind.SPEND, campaignId: key.campaignId, amountMicros: charge.spendMicros });
    this.batch.addMoney({ userId: charge.publisherId, kind: LedgerKind.EARNING, campaignId: null, amountMicros: charge.earningMicros });
  }

  click(clickId: string, key: EventKey): void {
    this.batch.stat(key).clicks += 1;
    this.batch.clicks.set(
      clickId,
      Object.assign(new AdClick(), {
        id: clickId,
        campaignId: key.campaignId,
        zoneId: key.zoneId,
        creativeId: key.creativeId,
        country: key.country,
        clickedAt: new Date(key.hour),
        convertedAt: null,
      }),
    );
  }

  invalid(event: TrafficEvent, reason: string, at: { hour: number; zoneId: number; campaignId: number }): void {
    this.batch.addInvalid({ hour: at.hour, zoneId: at.zoneId, campaignId: at.campaignId, event, reason, count: 1 });
  }

  campaignCompleted(campaignId: number): void {
    this.batch.completed.add(campaignId);
  }

  /**
   * Credits a conversion to a counted click of the campaign, once, if the click is recent enough.
   * Returns false when there is no such click or it already converted.
   */
  async conversion(clickId: string, campaignId: number, atMs: number, notBeforeMs: number): Promise<boolean> {
    const pending = this.batch.clicks.get(clickId);
    const click = pending ?? (await this.dataSource.getRepository(AdClick).findOneBy({ id: clickId }));
    if (!click || click.campaignId !== campaignId || click.clickedAt.getTime() < notBeforeMs || click.convertedAt) return false;
    if (pending) {
      pending.convertedAt = new Date(atMs);
    } else {
      const result = await this.dataSource
        .getRepository(AdClick)
        .update({ id: clickId, convertedAt: IsNull() }, { convertedAt: new Date(atMs) });
      if (!result.affected) return false;
    }
    this.batch.stat({ hour: atMs, zoneId: click.zoneId, campaignId, creativeId: click.creativeId, country: click.country }).conversions += 1;
    return true;
  }

  /** Writes what was counted so far; flushes never overlap, and one that failed does not block the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.writeBatch());
    return this.flushing;
  }

  private async writeBatch(): Promise<void> {
    if (this.batch.empty) return;
    const batch = this.batch;
    this.batch = new Batch();
    try {
      await this.dataSource.transaction((manager) => this.write(manager, batch));
    } catch (error) {
      batch.absorb(this.batch);
      this.batch = batch;
      throw error;
    }
  }

  private async write(manager: EntityManager, batch: Batch): Promise<void> {
    await this.upsertStats(manager, [...batch.stats.values()]);
    await this.upsertInvalid(manager, [...batch.invalid.values()]);
    const money = [...batch.money.values()].filter((row) => row.amountMicros > 0);
    if (money.length > 0) {
      const memo = `Ad delivery to ${sqlDateTime(Date.now()).slice(0, 16)} UTC`;
      await this.ledger.append(
        money.map((row): Partial<LedgerEntry> => ({ ...row, memo })),
        manager,
      );
    }
    if (batch.clicks.size > 0) await manager.getRepository(AdClick).insert([...batch.clicks.values()]);
    if (batch.completed.size > 0) {
      await manager
        .getRepository(Campaign)
        .createQueryBuilder()
        .update()
        .set({ status: CampaignStatus.COMPLETED })
        .where("id IN (:...ids) AND status IN (:...running)", { ids: [...batch.completed], running: [CampaignStatus.ACTIVE, CampaignStatus.PAUSED] })
        .execute();
    }
  }

  private get sqlite(): boolean {
    return this.dataSource.options.type === "better-sqlite3";
  }

  /** Increments on conflict, in the dialect of the engine at hand. */
  private onConflictAdd(keys: string[], counters: string[]): string {
    return this.sqlite
      ? `ON CONFLICT (${keys.join(", ")}) DO UPDATE SET ${counters.map((c) => `${c} = ${c} + excluded.${c}`).join(", ")}`
      : `ON DUPLICATE KEY UPDATE ${counters.map((c) => `${c} = ${c} + VALUES(${c})`).join(", ")}`;
  }

  private async upsertRows(manager: EntityManager, table: string, keys: string[], counters: string[], rows: unknown[][]): Promise<void> {
    const columns = [...keys, ...counters];
    const placeholders = `(${columns.map(() => "?").join(", ")})`;
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      await manager.query(
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => placeholders).join(", ")} ${this.onConflictAdd(keys, counters)}`,
        chunk.flat(),
      );
    }
  }

  private upsertStats(manager: EntityManager, rows: StatRow[]): Promise<void> {
    return this.upsertRows(
      manager,
      "delivery_stats",
      ["hour", "zone_id", "campaign_id", "creative_id", "country"],
      ["requests", "impressions", "clicks", "conversions", "spend_micros", "revenue_micros"],
      rows.map((r) => [sqlDateTime(r.hour), r.zoneId, r.campaignId, r.creativeId, r.country, r.requests, r.impressions, r.clicks, r.conversions, r.spendMicros, r.revenueMicros]),
    );
  }

  private upsertInvalid(manager: EntityManager, rows: InvalidRow[]): Promise<void> {
    return this.upsertRows(
      manager,
      "invalid_traffic",
      ["hour", "zone_id", "campaign_id", "event", "reason"],
      ["count"],
      rows.map((r) => [sqlDateTime(r.hour), r.zoneId, r.campaignId, r.event, r.reason, r.count]),
    );
  }
}
