import { DataSource, EntityManager, In, Repository } from "typeorm";
import { ByPeriod, MonthToDate, periodOf, sumByPeriod } from "../reports/month-over-month";
import { LedgerEntry, LedgerKind } from "./ledger-entry.entity";

const APPEND_SLICE = 500;

const sumOf = (raw: { total?: string | number | null } | undefined) => Number(raw?.total ?? 0);

/** Reads and appends the money record. Every balance shown anywhere is computed here. */
export class LedgerService {
  private readonly entries: Repository<LedgerEntry>;

  constructor(dataSource: DataSource) {
    this.entries = dataSource.getRepository(LedgerEntry);
  }

  /** Appends entries; pass the manager of a running transaction to make them part of it. */
  async append(entries: Partial<LedgerEntry>[], manager?: EntityManager): Promise<void> {
    const repository = manager ? manager.getRepository(LedgerEntry) : this.entries;
    const rows = entries.map((entry) => repository.create({ memo: "", ...entry }));
    // In slices, so a large batch stays under the engines' limits on statement parameters.
    for (let start = 0; start < rows.length; start += APPEND_SLICE) await repository.insert(rows.slice(start, start + APPEND_SLICE));
  }

  /** A user's balance: the sum of every entry on their account, in micros. */
  async balance(userId: number, manager?: EntityManager): Promise<number> {
    const repository = manager ? manager.getRepository(LedgerEntry) : this.entries;
    return sumOf(
      await repository.createQueryBuilder("e").select("COALESCE(SUM(e.amount_micros), 0)", "total").where("e.user_id = :userId", { userId }).getRawOne(),
    );
  }

  async totalOf(userId: number, kind: LedgerKind): Promise<number> {
    return sumOf(
      await this.entries
        .createQueryBuilder("e")
        .select("COALESCE(SUM(e.amount_micros), 0)", "total")
        .where("e.user_id = :userId AND e.kind = :kind", { userId, kind })
        .getRawOne(),
    );
  }

  /** What each campaign has spent, optionally only since a moment. */
  async spendByCampaign(campaignIds: number[], since?: Date): Promise<Map<number, number>> {
    if (campaignIds.length === 0) return new Map();
    const query = this.entries
      .createQueryBuilder("e")
      .select("e.campaign_id", "campaignId")
      .addSelect("SUM(e.amount_micros)", "total")
      .where({ kind: LedgerKind.SPEND, campaignId: In(campaignIds) })
      .groupBy("e.campaign_id");
    if (since) query.andWhere("e.created_at >= :since", { since });
    const rows: { campaignId: number; total: string | number }[] = await query.getRawMany();
    return new Map(rows.map((row) => [Number(row.campaignId), Number(row.total)]));
  }

  /**
   * Sums of one kind of entry for all time, this month so far and the same stretch of last month,
   * in one grouped query: one user's entries, or the whole network's when no user is given.
   */
  async totalsByPeriod(kind: LedgerKind, months: MonthToDate, userId?: number): Promise<ByPeriod<number>> {
    const query = this.entries
      .createQueryBuilder("e")
      .select(`${periodOf("e.created_at")} AS period`)
      .addSelect("SUM(e.amount_micros)", "total")
      .where("e.kind = :kind", { kind })
      .setParameters({ ...months })
      .groupBy("period");
    if (userId !== undefined) query.andWhere("e.user_id = :userId", { userId });
    const rows: { period: string; total: string | number }[] = await query.getRawMany();
    return sumByPeriod(
      rows.map((row) => ({ period: row.period, value: Number(row.total) })),
      (a, b) => a + b,
      0,
    );
  }
}
