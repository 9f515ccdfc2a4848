import { DataSource, EntityManager, Repository } from "typeorm";
import { Role } from "../../auth/roles";
import type { Issuer } from "../../config";
import { dateTimeMs, insertIgnoring, sqlDateTime } from "../../common/db-upsert";
import { isUniqueViolation } from "../../common/db-errors";
import { NotFoundError } from "../../common/errors";
import { KeyedMutex } from "../../common/keyed-mutex";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { Campaign } from "../campaigns/campaign.entity";
import { kindsMoving, userBalance, type UserBook } from "../ledger/books";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import { nextPeriodStartMs, periodStartMs } from "../reports/grains";
import type { JobRun, ScheduledJob } from "../scheduler/scheduler";
import { Site } from "../sites/site.entity";
import { User } from "../users/user.entity";
import { DocumentCounter, Statement, StatementBody, StatementKind, StatementLine, StatementRun } from "./statement.entity";

export const STATEMENTS_JOB = "monthly-statements";

const PREFIX: Record<StatementKind, string> = { [StatementKind.INVOICE]: "INV", [StatementKind.STATEMENT]: "STM" };

/** Which of the books holds each side's balance. */
const BALANCE_BOOK: Record<StatementKind, UserBook> = {
  [StatementKind.INVOICE]: "advertiser_funds",
  [StatementKind.STATEMENT]: "publisher_payable",
};

type FactRow = { id: number | string; impressions: number | string; clicks: number | string; money: number | string };

/**
 * Monthly documents: on the first of each month, for the month before, an invoice for each
 * advertiser with activity and a statement for each publisher with activity. Every figure comes
 * from the read model (monthly stat facts per campaign and site, the ledger's monthly running
 * totals), is stored with the document when it is issued, and is never computed again.
 */
/** A document just issued, as its listeners are told of it. */
export interface IssuedStatement {
  id: number;
  kind: StatementKind;
  number: string;
  userId: number;
  period: Date;
}
type IssuedListener = (manager: EntityManager, statement: IssuedStatement, nowMs: number) => Promise<void>;

export class StatementsService {
  private readonly statements: Repository<Statement>;
  private readonly issuing = new KeyedMutex();
  private readonly issuedListeners: IssuedListener[] = [];

  constructor(
    private readonly dataSource: DataSource,
    /** How long after a month ends its documents are issued, so the last events of the month are written first. */
    private readonly delayMs: number,
    /** Printed on every document issued, as it stands on the day of issue. */
    private readonly issuer: Issuer,
  ) {
    this.statements = dataSource.getRepository(Statement);
  }

  /** Told of each document in the transaction that issues it, so what it writes stands or falls with the document. */
  onIssued(listener: IssuedListener): void {
    this.issuedListeners.push(listener);
  }

  /** The scheduler's job: every month due and not yet issued, oldest first. */
  job(): ScheduledJob {
    return { name: STATEMENTS_JOB, run: (run) => this.issueDue(run).then(() => undefined) };
  }

  /**
   * Issues the documents of every finished month not issued yet, from the first month the books
   * or the facts know of, so months missed while no process ran are issued when one comes back.
   * Returns the months issued.
   */
  async issueDue(run: Pick<JobRun, "nowMs" | "stillHeld">): Promise<number[]> {
    const first = await this.firstActiveMonth();
    if (first === null) return [];
    const done = new Set(
      (await this.dataSource.getRepository(StatementRun).find()).map((row) => dateTimeMs(row.period as unknown as Date | string)),
    );
    const issued: number[] = [];
    for (let month = first; nextPeriodStartMs("m", month) + this.delayMs <= run.nowMs; month = nextPeriodStartMs("m", month)) {
      if (done.has(month)) continue;
      if (!run.stillHeld()) break;
      if (await this.issueMonth(month, run.stillHeld, run.nowMs)) issued.push(month);
    }
    return issued;
  }

  /** Issues every missing document of one month; true when the month is complete. */
  issueMonth(monthStartMs: number, stillHeld: () => boolean = () => true, nowMs = Date.now()): Promise<boolean> {
    // One month at a time in this process; across processes the scheduler's lease keeps one issuer.
    return this.issuing.run("issue", () => this.issueMonthNow(periodStartMs("m", monthStartMs), stillHeld, nowMs));
  }

  private async issueMonthNow(month: number, stillHeld: () => boolean, nowMs: number): Promise<boolean> {
    let documents = 0;
    for (const kind of [StatementKind.INVOICE, StatementKind.STATEMENT]) {
      for (const user of await this.activeUsers(kind, month)) {
        if (!stillHeld()) return false;
        await this.issueOne(kind, user, month, nowMs);
        documents++;
      }
    }
    const runs = this.dataSource.getRepository(StatementRun);
    if (await runs.existsBy({ period: new Date(month) })) return true;
    try {
      await runs.insert({ period: new Date(month), documents, issuedAt: new Date(nowMs) });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return true;
  }

  listFor(user: User): Promise<Statement[]> {
    return this.statements.find({ where: { userId: user.id }, order: { period: "DESC", id: "DESC" } });
  }

  /** The admins' list: by number or the customer's name or e-mail, by kind, newest first. */
  page(input?: ListInputFields): Promise<Page<Statement>> {
    const request = listRequest(input, Object.values(StatementKind));
    const query = this.statements.createQueryBuilder("statement").innerJoin(User, "customer", "customer.id = statement.userId");
    return pageOf(query, request, { search: ["statement.number", "customer.fullName"], folded: ["customer.email"], status: "statement.kind", id: "statement.id" });
  }

  /** One document, for its owner or an admin; anyone else is told it does not exist. */
  async get(actor: User, id: unknown): Promise<Statement> {
    const statementId = check.positiveId("id", id);
    const statement = await this.statements.findOneBy({ id: statementId });
    if (!statement || (actor.role !== Role.ADMIN && statement.userId !== actor.id)) throw new NotFoundError("Statement");
    return statement;
  }

  private async issueOne(kind: StatementKind, user: User, month: number, nowMs: number): Promise<void> {
    if (await this.statements.existsBy({ kind, userId: user.id, period: new Date(month) })) return;
    const computed = await this.compute(kind, user, month);
    const year = new Date(month).getUTCFullYear();
    await this.ensureCounter(kind, year);
    try {
      await inTransaction(this.dataSource, async (manager) => {
        const number = await this.nextNumber(manager, kind, year);
        const { identifiers } = await manager.getRepository(Statement).insert({ ...computed, kind, number, userId: user.id, issuedAt: new Date(nowMs) });
        const issued = { id: Number(identifiers[0].id), kind, number, userId: user.id, period: new Date(month) };
        for (const listener of this.issuedListeners) await listener(manager, issued, nowMs);
      });
    } catch (error) {
      // Issued meanwhile (its number rolled back with this transaction, so no gap): nothing to do.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  /** The year's counter row, made on its own before any issuing transaction locks it. */
  private async ensureCounter(kind: StatementKind, year: number): Promise<void> {
    await this.dataSource.query(`${insertIgnoring(this.dataSource)} INTO document_counters (kind, year, last_number) VALUES (?, ?, 0)`, [kind, year]);
  }

  /**
   * The next number of a kind in a year, from its counter row, in the issuing transaction: the
   * UPDATE locks the row until the document is written, and a rolled-back issue leaves no gap.
   */
  private async nextNumber(manager: EntityManager, kind: StatementKind, year: number): Promise<string> {
    await manager.query("UPDATE document_counters SET last_number = last_number + 1 WHERE kind = ? AND year = ?", [kind, year]);
    const counter = await manager.getRepository(DocumentCounter).findOneByOrFail({ kind, year });
    return `${PREFIX[kind]}-${year}-${String(counter.lastNumber).padStart(6, "0")}`;
  }

  /** The earliest month with any counted events or money moved; null on an empty network. */
  private async firstActiveMonth(): Promise<number | null> {
    const [facts, ledger] = await Promise.all([
      this.dataSource.query("SELECT MIN(period) AS first FROM stat_facts WHERE scope = 'network' AND grain = 'm'"),
      this.dataSource.query("SELECT MIN(period) AS first FROM ledger_totals WHERE account = 'user' AND grain = 'm'"),
    ]);
    const firsts = [facts[0]?.first, ledger[0]?.first].filter((value) => value !== null && value !== undefined).map((value) => dateTimeMs(value));
    return firsts.length === 0 ? null : periodStartMs("m", Math.min(...firsts));
  }

  /** Advertisers (invoices) or publishers (statements) with events or money moved in the month. */
  private async activeUsers(kind: StatementKind, month: number): Promise<User[]> {
    const period = sqlDateTime(month);
    const scope = kind === StatementKind.INVOICE ? "advertiser" : "publisher";
    const kinds = kindsMoving(BALANCE_BOOK[kind]);
    const [facts, ledger]: { id: number | string }[][] = await Promise.all([
      this.dataSource.query(
        "SELECT scope_id AS id FROM stat_facts WHERE scope = ? AND grain = 'm' AND period = ? AND (impressions > 0 OR clicks > 0 OR spend_micros > 0 OR revenue_micros > 0)",
        [scope, period],
      ),
      this.dataSource.query(
        `SELECT DISTINCT account_id AS id FROM ledger_totals WHERE account = 'user' AND grain = 'm' AND period = ? AND kind IN (${kinds.map(() => "?").join(", ")}) AND total_micros <> 0`,
        [period, ...kinds],
      ),
    ]);
    const ids = [...new Set([...facts, ...ledger].map((row) => Number(row.id)))].filter((id) => id > 0);
    if (ids.length === 0) return [];
    const role = kind === StatementKind.INVOICE ? Role.ADVERTISER : Role.PUBLISHER;
    return this.dataSource.getRepository(User).createQueryBuilder("user").where("user.id IN (:...ids) AND user.role = :role", { ids, role }).orderBy("user.id").getMany();
  }

  /** A month's figures for one user, read from the monthly facts and the ledger's monthly totals. */
  private async compute(kind: StatementKind, user: User, month: number): Promise<Omit<Statement, "id" | "kind" | "number" | "userId" | "issuedAt">> {
    const period = sqlDateTime(month);
    const invoice = kind === StatementKind.INVOICE;
    const book = BALANCE_BOOK[kind];
    const kinds = kindsMoving(book);
    const totals: { kind: LedgerKind; earlier: number | string | null; in_month: number | string | null }[] = await this.dataSource.query(
      `SELECT kind, SUM(CASE WHEN period < ? THEN total_micros ELSE 0 END) AS earlier, SUM(CASE WHEN period = ? THEN total_micros ELSE 0 END) AS in_month
       FROM ledger_totals WHERE account = 'user' AND account_id = ? AND grain = 'm' AND period <= ? AND kind IN (${kinds.map(() => "?").join(", ")}) GROUP BY kind`,
      [period, period, user.id, period, ...kinds],
    );
    const during = (k: LedgerKind) => Number(totals.find((row) => row.kind === k)?.in_month ?? 0);
    const openingMicros = userBalance(book, Object.fromEntries(totals.map((row) => [row.kind, Number(row.earlier ?? 0)])));
    const movedMicros = userBalance(book, Object.fromEntries(totals.map((row) => [row.kind, Number(row.in_month ?? 0)])));

    const facts: FactRow[] = await this.dataSource.query(
      `SELECT scope_id AS id, impressions, clicks, ${invoice ? "spend_micros" : "revenue_micros"} AS money FROM stat_facts
       WHERE scope = ? AND owner_id = ? AND grain = 'm' AND period = ? ORDER BY scope_id`,
      [invoice ? "campaign" : "site", user.id, period],
    );
    const names = await this.namesOf(invoice, facts.map((row) => Number(row.id)));
    const lines: StatementLine[] = facts
      .filter((row) => Number(row.impressions) > 0 || Number(row.clicks) > 0 || Number(row.money) !== 0)
      .map((row) => ({
        type: invoice ? "campaign" : "site",
        description: names.get(Number(row.id)) ?? `${invoice ? "Campaign" : "Site"} #${row.id}`,
        impressions: Number(row.impressions),
        clicks: Number(row.clicks),
        amountMicros: Number(row.money),
      }));
    // What the books record for the month is what is billed or earned; events counted on one side
    // of the month's edge and booked on the other show as an adjustment, so the lines add up.
    const activityMicros = during(invoice ? LedgerKind.SPEND : LedgerKind.EARNING);
    const linesMicros = lines.reduce((sum, line) => sum + line.amountMicros, 0);
    if (linesMicros !== activityMicros) {
      lines.push({ type: "adjustment", description: "Counted across the month's edge", amountMicros: activityMicros - linesMicros });
    }
    const body: StatementBody = {
      issuer: this.issuer,
      customer: { name: user.fullName, email: user.email, address: user.billingAddress },
      lines,
      impressions: lines.reduce((sum, line) => sum + (line.impressions ?? 0), 0),
      clicks: lines.reduce((sum, line) => sum + (line.clicks ?? 0), 0),
      activityMicros,
      depositsMicros: invoice ? during(LedgerKind.DEPOSIT) : 0,
      creditsMicros: invoice ? during(LedgerKind.CREDIT) : 0,
      payoutsMicros: invoice ? 0 : -during(LedgerKind.PAYOUT),
    };
    return {
      period: new Date(month),
      periodEnd: new Date(nextPeriodStartMs("m", month)),
      openingMicros,
      closingMicros: openingMicros + movedMicros,
      totalMicros: activityMicros,
      body,
    };
  }

  private async namesOf(campaigns: boolean, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    if (campaigns) {
      const rows = await this.dataSource.getRepository(Campaign).createQueryBuilder("c").select(["c.id", "c.name"]).where("c.id IN (:...ids)", { ids }).getMany();
      return new Map(rows.map((row) => [row.id, row.name]));
    }
    const rows = await this.dataSource.getRepository(Site).createQueryBuilder("s").select(["s.id", "s.name", "s.domain"]).where("s.id IN (:...ids)", { ids }).getMany();
    return new Map(rows.map((row) => [row.id, `${row.name} (${row.domain})`]));
  }
}
