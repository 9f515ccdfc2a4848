import { DataSource, EntityManager, Repository } from "typeorm";
import { dateTimeMs, sqlDateTime } from "../../common/db-upsert";
import { inTransaction } from "../../common/transaction";
import { periodStartMs } from "../reports/grains";
import { ByPeriod, MonthToDate, periodTotals, sumPeriodTotals } from "../reports/month-over-month";
import { BooksCheck, checkBooks, postToBooks, userBalance, type UserBook } from "./books";
import { LedgerEntry, LedgerKind } from "./ledger-entry.entity";
import { LedgerAccount, LedgerTotal } from "./ledger-total.entity";
import { addToLedgerTotals, ledgerMismatches, TotalMismatch } from "./ledger-totals";

const APPEND_SLICE = 500;
const ALL_TIME = sqlDateTime(0);

/**
 * Reads and appends the money record. Every balance shown anywhere is computed here, from running
 * totals that each append moves in its own transaction.
 */
export class LedgerService {
  private readonly entries: Repository<LedgerEntry>;
  private readonly totals: Repository<LedgerTotal>;

  constructor(dataSource: DataSource) {
    this.entries = dataSource.getRepository(LedgerEntry);
    this.totals = dataSource.getRepository(LedgerTotal);
  }

  /**
   * Appends entries and moves their accounts' running totals with them; pass the manager of a
   * running transaction to make both part of it, else they get a transaction of their own.
   */
  async append(entries: Partial<LedgerEntry>[], manager?: EntityManager): Promise<void> {
    if (!manager) return inTransaction(this.entries.manager.connection, (own) => this.append(entries, own));
    const repository = manager.getRepository(LedgerEntry);
    // Stamped here rather than by the database, so an entry and the period totals it moves agree.
    const now = new Date();
    const rows = entries.map((entry) => repository.create({ memo: "", createdAt: now, ...entry }));
    // In slices, so a large batch stays under the engines' limits on statement parameters.
    for (let start = 0; start < rows.length; start += APPEND_SLICE) await repository.insert(rows.slice(start, start + APPEND_SLICE));
    await addToLedgerTotals(manager, rows);
    await postToBooks(manager, rows);
  }

  /** A user's balance on their book (see `userBalance`), in micros: the sum of their postings to it. */
  async balance(userId: number, book: UserBook, manager?: EntityManager): Promise<number> {
    const rows: { kind: string; total: number | string }[] = await (manager ? manager.getRepository(LedgerTotal) : this.totals)
      .createQueryBuilder("t")
      .select(["t.kind AS kind", "t.total_micros AS total"])
      .where("t.account = 'user' AND t.account_id = :userId AND t.grain = 'a'", { userId })
      .getRawMany();
    return userBalance(book, Object.fromEntries(rows.map((row) => [row.kind, Number(row.total)])));
  }

  async totalOf(userId: number, kind: LedgerKind, manager?: EntityManager): Promise<number> {
    if (manager) return (await this.totalsAt("user", [userId], kind, "a", ALL_TIME, manager)).get(userId) ?? 0;
    return (await this.allTimeTotals("user", [userId], kind)).get(userId) ?? 0;
  }

  /** One kind of entry on a user's account month by month (start of each month in ms), oldest first. */
  async monthlyTotals(userId: number, kind: LedgerKind, manager?: EntityManager): Promise<{ monthMs: number; micros: number }[]> {
    const rows: { period: Date | string; total: string | number }[] = await (manager ? manager.getRepository(LedgerTotal) : this.totals)
      .createQueryBuilder("t")
      .select(["t.period AS period", "t.total_micros AS total"])
      .where("t.account = 'user' AND t.account_id = :userId AND t.grain = 'm' AND t.kind = :kind", { userId, kind })
      .orderBy("t.period")
      .getRawMany();
    return rows.map((row) => ({ monthMs: dateTimeMs(row.period), micros: Number(row.total) }));
  }

  /** What each campaign has spent in all, or on the reporting day holding a moment when one is given. */
  async spendByCampaign(campaignIds: number[], onDay?: Date, manager?: EntityManager): Promise<Map<number, number>> {
    if (!onDay) return this.totalsAt("campaign", campaignIds, LedgerKind.SPEND, "a", ALL_TIME, manager);
    return this.totalsAt("campaign", campaignIds, LedgerKind.SPEND, "d", sqlDateTime(periodStartMs("d", onDay.getTime())));
  }

  /**
   * Sums of one kind of entry for this month so far and the same stretch of last month:
   * one user's, or the whole network's when no user is given.
   */
  async totalsByPeriod(kind: LedgerKind, months: MonthToDate, userId?: number): Promise<ByPeriod<number>> {
    const { where, parameters } = periodTotals(months, "t.grain", "t.period");
    const rows: { grain: string; period: Date | string; total: string | number }[] = await this.totals
      .createQueryBuilder("t")
      .select(["t.grain AS grain", "t.period AS period", "t.total_micros AS total"])
      .where("t.account = :account AND t.account_id = :id AND t.kind = :kind", { account: userId === undefined ? "network" : "user", id: userId ?? 0, kind })
      .andWhere(where, parameters)
      .getRawMany();
    return sumPeriodTotals(
      rows.map((row) => ({ grain: row.grain, period: row.period, value: Number(row.total) })),
      months,
      (a, b) => a + b,
      0,
    );
  }

  /** Every account whose running total differs from the sum of its entries: empty when the books agree. */
  checkTotals(): Promise<TotalMismatch[]> {
    return ledgerMismatches(this.entries.manager);
  }

  /** Whether the network's books balance, agree with their running totals and the ledger, and each day's spend with the counted events. */
  checkBooks(): Promise<BooksCheck> {
    return checkBooks(this.entries.manager);
  }

  private allTimeTotals(account: LedgerAccount, ids: number[], kind: LedgerKind): Promise<Map<number, number>> {
    return this.totalsAt(account, ids, kind, "a", ALL_TIME);
  }

  private async totalsAt(account: LedgerAccount, ids: number[], kind: LedgerKind, grain: string, period: string, manager?: EntityManager): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number | string; total: string | number }[] = await (manager ? manager.getRepository(LedgerTotal) : this.totals)
      .createQueryBuilder("t")
      .select(["t.account_id AS id", "t.total_micros AS total"])
      .where("t.account = :account AND t.account_id IN (:...ids) AND t.grain = :grain AND t.kind = :kind AND t.period = :period", {
        account,
        ids,
        grain,
        kind,
        period,
      })
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.id), Number(row.total)]));
  }
}
