import { DataSource, IsNull } from "typeorm";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import { AdClick } from "./ad-click.entity";
import { newBatchId } from "./batch-writer";
import type { BatchRows, BatchWriter, ClickRow, EventKey, InvalidRow, MoneyRow, StatRow, TrafficEvent } from "./model";

const FLUSH_TIMES_KEPT = 1000;
const hourStart = (atMs: number) => atMs - (atMs % 3_600_000);

/** Everything counted since the last flush, under the id the writer applies it by. */
class Batch {
  readonly id = newBatchId();
  readonly stats = new Map<string, StatRow>();
  readonly invalid = new Map<string, InvalidRow>();
  readonly money = new Map<string, MoneyRow>();
  readonly clicks = new Map<string, ClickRow>();
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

  /** One row per account, kind and campaign for each UTC day the batch's events fall on. */
  addMoney(row: MoneyRow & { atMs: number }): void {
    const id = `${row.userId}|${row.kind}|${row.campaignId}|${Math.floor(row.atMs / 86_400_000)}`;
    const existing = this.money.get(id);
    if (!existing) this.money.set(id, { ...row });
    else {
      existing.amountMicros += row.amountMicros;
      existing.atMs = Math.max(existing.atMs ?? 0, row.atMs);
    }
  }

  rows(): BatchRows {
    return {
      id: this.id,
      stats: [...this.stats.values()],
      invalid: [...this.invalid.values()],
      money: [...this.money.values()],
      clicks: [...this.clicks.values()],
      completed: [...this.completed],
    };
  }
}

/**
 * Counts ad events in memory and hands them to the writer in batches, one transaction per
 * flush. A batch whose write failed is retried whole, under its own id, before anything newer:
 * if it had been applied after all (the reply was lost), the writer recognises the id and
 * nothing counts twice. Events counted meanwhile wait in the next batch.
 */
export class EventRecorder {
  private batch = new Batch();
  /** How long the last writes took, with their sizes: whether the writer keeps up with the traffic. */
  readonly flushTimes: { rows: number; ms: number }[] = [];
  /** A batch handed to the writer and not yet known to be applied. */
  private unconfirmed: Batch | null = null;
  /** The batch the writer holds now. */
  private writing: Batch | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: BatchWriter,
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
    this.batch.addMoney({ userId: charge.advertiserId, kind: LedgerKind.SPEND, campaignId: key.campaignId, amountMicros: charge.spendMicros, atMs: key.hour });
    this.batch.addMoney({ userId: charge.publisherId, kind: LedgerKind.EARNING, campaignId: null, amountMicros: charge.earningMicros, atMs: key.hour });
  }

  click(clickId: string, key: EventKey): void {
    this.batch.stat(key).clicks += 1;
    this.batch.clicks.set(
      clickId,
      { id: clickId, campaignId: key.campaignId, zoneId: key.zoneId, creativeId: key.creativeId, country: key.country, clickedAt: new Date(key.hour), convertedAt: null },
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
    // A click on its way to the database converts once it is there, never on a copy in flight.
    if (this.writing?.clicks.has(clickId)) await this.flushing.catch(() => undefined);
    if (this.unconfirmed?.clicks.has(clickId)) await this.flush().catch(() => undefined);
    if (this.unconfirmed?.clicks.has(clickId)) return false;
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
    if (this.unconfirmed) await this.confirm(this.unconfirmed);
    if (this.batch.empty) return;
    this.unconfirmed = this.batch;
    this.batch = new Batch();
    await this.confirm(this.unconfirmed);
  }

  private async confirm(batch: Batch): Promise<void> {
    this.writing = batch;
    const rows = batch.rows();
    const started = performance.now();
    try {
      await this.writer.write(rows);
      this.unconfirmed = null;
      this.flushTimes.push({ rows: rows.stats.length + rows.invalid.length + rows.money.length, ms: performance.now() - started });
      if (this.flushTimes.length > FLUSH_TIMES_KEPT) this.flushTimes.shift();
    } finally {
      this.writing = null;
    }
  }

  close(): Promise<void> {
    return this.writer.close();
  }
}
