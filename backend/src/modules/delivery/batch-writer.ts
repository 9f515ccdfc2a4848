import { randomBytes } from "node:crypto";
import { DataSource, EntityManager, LessThan } from "typeorm";
import { sqlDateTime, upsertAdding } from "../../common/db-upsert";
import { inTransaction } from "../../common/transaction";
import { Campaign, CampaignStatus } from "../campaigns/campaign.entity";
import { statusesBecoming } from "../campaigns/campaign-lifecycle";
import type { LedgerEntry } from "../ledger/ledger-entry.entity";
import { LedgerService } from "../ledger/ledger.service";
import { addToInvalidFacts, addToStatFacts, pruneFineGrains } from "../reports/facts";
import type { Retention } from "../reports/grains";
import { AdClick } from "./ad-click.entity";
import { AppliedBatch } from "./applied-batch.entity";
import type { BatchRows, BatchWriter, InvalidRow, StatRow } from "./model";
import { OwnerDirectory } from "./owner-directory";

/** A batch's rows share one or two hours: each is formatted once. */
function hourTexts(): (hourMs: number) => string {
  const texts = new Map<number, string>();
  return (hourMs) => {
    let text = texts.get(hourMs);
    if (text === undefined) texts.set(hourMs, (text = sqlDateTime(hourMs)));
    return text;
  };
}

/** What a writer keeps between batches on one connection. */
interface WriterMemory {
  owners: OwnerDirectory;
  prunedAtMs: number;
}
const memories = new WeakMap<DataSource, WriterMemory>();
const PRUNE_EVERY_MS = 3_600_000;
/** How long a batch's id is remembered: far longer than any retry of it can come. */
const APPLIED_BATCH_MEMORY_MS = 7 * 24 * 3_600_000;

export const newBatchId = () => randomBytes(16).toString("hex");

/** Records the batch as applied, or says it was applied already and must change nothing. */
async function alreadyApplied(manager: EntityManager, id: string, now: number): Promise<boolean> {
  const applied = manager.getRepository(AppliedBatch);
  if (await applied.existsBy({ id })) return true;
  await applied.insert({ id, appliedAt: new Date(now) });
  return false;
}

/**
 * Writes a batch in one transaction: hourly aggregates with atomic increments, the read model's
 * totals they move, the matching ledger entries, click records and campaigns whose budget ran
 * out. Given a retention, about once an hour the same transaction also drops totals older than it.
 */
export function writeBatch(dataSource: DataSource, rows: BatchRows, retention?: Retention): Promise<void> {
  let memory = memories.get(dataSource);
  if (!memory) memories.set(dataSource, (memory = { owners: new OwnerDirectory(), prunedAtMs: 0 }));
  const now = Date.now();
  const prune = retention !== undefined && now - memory.prunedAtMs >= PRUNE_EVERY_MS;
  return inTransaction(dataSource, async (manager) => {
    if (await alreadyApplied(manager, rows.id, now)) return;
    await upsertStats(manager, rows.stats);
    await upsertInvalid(manager, rows.invalid);
    await addToStatFacts(manager, await memory.owners.owned(manager, rows.stats));
    await addToInvalidFacts(manager, rows.invalid);
    if (prune) {
      await pruneFineGrains(manager, retention, now);
      await manager.delete(AppliedBatch, { appliedAt: LessThan(new Date(now - APPLIED_BATCH_MEMORY_MS)) });
    }
    const money = rows.money.filter((row) => row.amountMicros > 0);
    if (money.length > 0) {
      const countedAt = rows.countedAt ?? now;
      const memo = `Ad delivery to ${sqlDateTime(countedAt).slice(0, 16)} UTC`;
      await new LedgerService(dataSource).append(
        money.map(({ atMs, ...row }): Partial<LedgerEntry> => ({ ...row, memo, createdAt: new Date(Math.min(atMs ?? countedAt, countedAt)) })),
        manager,
      );
    }
    if (rows.clicks.length > 0) await manager.getRepository(AdClick).insert(rows.clicks);
    if (rows.completed.length > 0) {
      await manager
        .getRepository(Campaign)
        .createQueryBuilder()
        .update()
        .set({ status: CampaignStatus.COMPLETED })
        .where("id IN (:...ids) AND status IN (:...completable)", { ids: rows.completed, completable: statusesBecoming(CampaignStatus.COMPLETED) })
        .execute();
    }
  }).then(() => {
    if (prune) memory.prunedAtMs = now;
  });
}

/** Writes on the caller's own connection. */
export class InlineWriter implements BatchWriter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly retention: Retention,
  ) {}

  write(rows: BatchRows): Promise<void> {
    return writeBatch(this.dataSource, rows, this.retention);
  }

  async close(): Promise<void> {}
}

function upsertStats(manager: EntityManager, rows: StatRow[]): Promise<void> {
  const hour = hourTexts();
  return upsertAdding(
    manager,
    {
      table: "delivery_stats",
      keys: ["hour", "zone_id", "campaign_id", "creative_id", "country"],
      counters: ["requests", "impressions", "clicks", "conversions", "spend_micros", "revenue_micros"],
    },
    rows.map((r) => [hour(r.hour), r.zoneId, r.campaignId, r.creativeId, r.country, r.requests, r.impressions, r.clicks, r.conversions, r.spendMicros, r.revenueMicros]),
  );
}

function upsertInvalid(manager: EntityManager, rows: InvalidRow[]): Promise<void> {
  const hour = hourTexts();
  return upsertAdding(
    manager,
    { table: "invalid_traffic", keys: ["hour", "zone_id", "campaign_id", "event", "reason"], counters: ["count"] },
    rows.map((r) => [hour(r.hour), r.zoneId, r.campaignId, r.event, r.reason, r.count]),
  );
}
