import { createHash, randomBytes } from "node:crypto";
import { DataSource, EntityManager, In, IsNull, LessThan } from "typeorm";
import { inUniqueKeyOrder, sqlDateTime, upsertAdding } from "../../../common/db-upsert";
import { inTransaction } from "../../../common/transaction";
import { Campaign, CampaignStatus, PricingModel } from "../../campaigns/campaign.entity";
import { statusesBecoming } from "../../campaigns/campaign-lifecycle";
import type { LedgerEntry } from "../../ledger/ledger-entry.entity";
import { LedgerKind } from "../../ledger/ledger-entry.entity";
import { LedgerService } from "../../ledger/ledger.service";
import { addToInvalidFacts, addToStatFacts, pruneFineGrains } from "../../reports/facts";
import type { Retention } from "../../reports/grains";
import { addToReach } from "../../reports/reach";
import { addToInsightFacts } from "../../insights/insight-facts";
import { AdClick } from "./ad-click.entity";
import { AppliedBatch } from "./applied-batch.entity";
import { EventLogPosition } from "./event-log/event-log-position.entity";
import { statRow } from "./counted-events";
import type { BatchRows, BatchWriter, ClickRow, ConsentRow, ConversionRow, InvalidRow, LogRange, MoneyRow, StatRow } from "./counted-events";
import { writeCampaignsCompleted, writeCampaignsOutOfFunds } from "../../webhooks/campaign-outbox";

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
  prunedAtMs: number;
}
const memories = new WeakMap<DataSource, WriterMemory>();
const PRUNE_EVERY_MS = 3_600_000;
/** How long a batch's id is remembered: far longer than any retry of it can come. */
const APPLIED_BATCH_MEMORY_MS = 7 * 24 * 3_600_000;

export const newBatchId = () => randomBytes(16).toString("hex");

/**
 * A batch applying log positions is named by them and by the recorder that made it: the same range
 * retried by it is the same batch, and another process's batch of the same range is another batch,
 * which the log position refuses rather than taking for this one.
 */
export const logBatchId = ({ logId, from, to }: LogRange, recorderId: string) =>
  createHash("sha256").update(`${logId}:${from}:${to}:${recorderId}`).digest("hex").slice(0, 32);

/** What a batch fails with when its log was applied past where it starts (by a replay or another process). */
export const LOG_POSITION_MOVED = "the event log was applied past this batch's start";

/** How far the log is applied to the database: 0 when nothing of it is. */
export async function appliedLogPosition(dataSource: DataSource, logId: string): Promise<number> {
  return (await dataSource.getRepository(EventLogPosition).findOneBy({ logId }))?.position ?? 0;
}

/** Moves the log's applied position from the batch's start to its end, or fails the transaction. */
async function moveLogPosition(manager: EntityManager, { logId, from, to }: LogRange): Promise<void> {
  const positions = manager.getRepository(EventLogPosition);
  const moved = await positions.update({ logId, position: from }, { position: to });
  if (moved.affected) return;
  if (from === 0 && !(await positions.existsBy({ logId }))) {
    try {
      await positions.insert({ logId, position: to });
      return;
    } catch {
      // Another process inserted it first.
    }
  }
  throw new Error(LOG_POSITION_MOVED);
}

/**
 * Credits each conversion to its click unless the click converted already: a click of the same
 * batch is marked before it is inserted, an earlier one in the database. Returns the stat rows the
 * credited conversions add to, and the ledger rows of their charges: a conversion logged twice (by
 * two processes) is booked once, here, whatever the budget counters counted.
 */
async function creditConversions(manager: EntityManager, conversions: ConversionRow[], clicks: ClickRow[]): Promise<{ stats: StatRow[]; money: MoneyRow[] }> {
  const inBatch = new Map(clicks.map((click) => [click.id, click]));
  const rows: StatRow[] = [];
  const money: MoneyRow[] = [];
  for (const conversion of conversions) {
    const click = inBatch.get(conversion.clickId);
    let credited = false;
    if (click) {
      credited = click.campaignId === conversion.campaignId && click.convertedAt === null;
      if (credited) click.convertedAt = new Date(conversion.atMs);
    } else {
      const result = await manager
        .getRepository(AdClick)
        .update({ id: conversion.clickId, campaignId: conversion.campaignId, convertedAt: IsNull() }, { convertedAt: new Date(conversion.atMs) });
      credited = Boolean(result.affected);
    }
    if (!credited) continue;
    const { spendMicros, earningMicros, atMs } = conversion;
    rows.push(statRow(conversion, { conversions: 1, spendMicros, revenueMicros: earningMicros }));
    money.push(
      { userId: conversion.advertiserId, kind: LedgerKind.SPEND, campaignId: conversion.campaignId, amountMicros: spendMicros, atMs },
      { userId: conversion.publisherId, kind: LedgerKind.EARNING, campaignId: null, amountMicros: earningMicros, atMs },
    );
  }
  return { stats: rows, money };
}

/** Records the batch as applied, or says it was applied already and must change nothing. */
async function alreadyApplied(manager: EntityManager, id: string, now: number): Promise<boolean> {
  const applied = manager.getRepository(AppliedBatch);
  if (await applied.existsBy({ id })) return true;
  await applied.insert({ id, appliedAt: new Date(now) });
  return false;
}

/**
 * Writes a batch in one transaction: the read model's totals its counts move (atomic increments),
 * refused traffic, the matching ledger entries, click records, campaigns whose budget ran out and
 * the webhook events of those and of campaigns out of funds. Given a retention, about once an hour the same transaction also drops totals older than it.
 */
export function writeBatch(dataSource: DataSource, rows: BatchRows, retention?: Retention): Promise<void> {
  let memory = memories.get(dataSource);
  if (!memory) memories.set(dataSource, (memory = { prunedAtMs: 0 }));
  const now = Date.now();
  const prune = retention !== undefined && now - memory.prunedAtMs >= PRUNE_EVERY_MS;
  return inTransaction(dataSource, async (manager) => {
    if (await alreadyApplied(manager, rows.id, now)) return;
    if (rows.log) await moveLogPosition(manager, rows.log);
    const clicks = rows.clicks.map((click) => ({ ...click }));
    const credited = rows.conversions?.length ? await creditConversions(manager, rows.conversions, clicks) : { stats: [], money: [] };
    // A place may have several rows in a batch (two counts intervals, requests and logged events): the totals add them all.
    const stats = [...rows.stats.toRows(), ...credited.stats];
    await upsertInvalid(manager, rows.invalid);
    if (rows.consent?.length) await upsertConsent(manager, rows.consent);
    await addToStatFacts(manager, stats);
    await addToInvalidFacts(manager, rows.invalid);
    if (rows.reach?.length) await addToReach(manager, rows.reach);
    await addToInsightFacts(manager, stats, rows.facets ?? []);
    if (prune) {
      await pruneFineGrains(manager, retention, now);
      await manager.delete(AppliedBatch, { appliedAt: LessThan(new Date(now - APPLIED_BATCH_MEMORY_MS)) });
    }
    const money = [...rows.money, ...credited.money].filter((row) => row.amountMicros > 0);
    if (money.length > 0) {
      const countedAt = rows.countedAt ?? now;
      const memo = `Ad delivery to ${sqlDateTime(countedAt).slice(0, 16)} UTC`;
      await new LedgerService(dataSource).append(
        money.map(({ atMs, ...row }): Partial<LedgerEntry> => ({ ...row, memo, createdAt: new Date(Math.min(atMs ?? countedAt, countedAt)) })),
        manager,
      );
    }
    if (rows.completed.length > 0) await completeCampaigns(manager, rows.completed, now);
    if (rows.outOfFunds?.length) await writeCampaignsOutOfFunds(manager, rows.outOfFunds, now);
    if (clicks.length > 0) await manager.getRepository(AdClick).insert(clicks);
  }).then(() => {
    if (prune) memory.prunedAtMs = now;
  });
}

/**
 * Marks completed the campaigns that may become so and whose books agree, with their webhook events.
 * The ad server says a campaign is spent when the shared state refuses its charge; a state rebuilt
 * after a loss may count more than the books for a while, and completing is final. So a campaign
 * completes only when what its ledger holds leaves less than one more event's price of its budget;
 * otherwise it serves again once the state is reconciled and the catalogue reloaded.
 */
async function completeCampaigns(manager: EntityManager, ids: number[], now: number): Promise<void> {
  const campaigns = manager.getRepository(Campaign);
  const candidates = await campaigns.find({
    select: { id: true, advertiserId: true, name: true, budgetMicros: true, bidMicros: true, pricingModel: true },
    where: { id: In(ids), status: In(statusesBecoming(CampaignStatus.COMPLETED)) },
  });
  if (candidates.length === 0) return;
  const spent = await new LedgerService(manager.connection).spendByCampaign(candidates.map((campaign) => campaign.id), undefined, manager);
  const completing = candidates.filter((campaign) => {
    const left = campaign.budgetMicros - (spent.get(campaign.id) ?? 0);
    return left <= 0 || left < largestEventPriceMicros(campaign);
  });
  if (completing.length === 0) return;
  await campaigns.update({ id: In(completing.map((campaign) => campaign.id)), status: In(statusesBecoming(CampaignStatus.COMPLETED)) }, { status: CampaignStatus.COMPLETED });
  await writeCampaignsCompleted(manager, completing, now);
}

/** The most one event may charge a campaign: its bid per thousand for impression models, its bid for the others. */
function largestEventPriceMicros({ pricingModel, bidMicros }: Pick<Campaign, "pricingModel" | "bidMicros">): number {
  return pricingModel === PricingModel.CPM || pricingModel === PricingModel.VCPM ? Math.floor(bidMicros / 1000) : bidMicros;
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

function upsertConsent(manager: EntityManager, rows: ConsentRow[]): Promise<void> {
  const hour = hourTexts();
  return upsertAdding(
    manager,
    { table: "consent_impressions", keys: ["hour", "state"], counters: ["impressions"] },
    inUniqueKeyOrder(
      rows.map((r) => [hour(r.hour), r.state, r.impressions]),
      2,
    ),
  );
}

function upsertInvalid(manager: EntityManager, rows: InvalidRow[]): Promise<void> {
  const hour = hourTexts();
  return upsertAdding(
    manager,
    { table: "invalid_traffic", keys: ["hour", "zone_id", "campaign_id", "event", "reason"], counters: ["count"] },
    inUniqueKeyOrder(
      rows.map((r) => [hour(r.hour), r.zoneId, r.campaignId, r.event, r.reason, r.count]),
      5,
    ),
  );
}
