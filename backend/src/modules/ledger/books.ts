import { randomBytes } from "node:crypto";
import type { EntityManager } from "typeorm";
import { sqlDateTime, upsertAdding } from "../../common/db-upsert";
import { addInto, inKeyOrder } from "../reports/facts";
import { Grain, periodTexts } from "../reports/grains";
import { LedgerEntry, LedgerKind } from "./ledger-entry.entity";

/**
 * The network's own books, in double entry. Each account's balance is signed so that every
 * transaction's postings sum to zero:
 * - advertiser_funds: what the network holds for advertisers (deposits and credits less spend);
 * - publisher_payable: what it owes publishers (earnings less payouts requested);
 * - network_revenue: its margin (spend less publisher earnings less promotional credit);
 * - cash_in: money received, negative (the other side of each deposit);
 * - payouts_pending: payouts requested and not paid yet;
 * - cash_out: money paid out, positive, from the day a payout is paid.
 */
export const BOOKS = ["advertiser_funds", "publisher_payable", "network_revenue", "cash_in", "payouts_pending", "cash_out"] as const;
export type Book = (typeof BOOKS)[number];

/**
 * The postings each kind of ledger entry makes: every row sums to zero, so any set of entries
 * does. A new ledger kind must say here how it moves the books, or the code does not compile.
 */
const POSTINGS: Record<LedgerKind, (amount: number) => [Book, number][]> = {
  [LedgerKind.SPEND]: (amount) => [["advertiser_funds", -amount], ["network_revenue", amount]],
  [LedgerKind.EARNING]: (amount) => [["network_revenue", -amount], ["publisher_payable", amount]],
  // Payout entries are negative. A request: the publisher is owed less and the money waits to be sent.
  [LedgerKind.PAYOUT]: (amount) => [["publisher_payable", amount], ["payouts_pending", -amount]],
  // Paid: the cash goes out, and only then.
  [LedgerKind.PAYOUT_PAID]: (amount) => [["payouts_pending", amount], ["cash_out", -amount]],
  [LedgerKind.DEPOSIT]: (amount) => [["cash_in", -amount], ["advertiser_funds", amount]],
  [LedgerKind.CREDIT]: (amount) => [["network_revenue", -amount], ["advertiser_funds", amount]],
};

export function postingsOf(kind: LedgerKind, amountMicros: number): [Book, number][] {
  const postings = POSTINGS[kind];
  if (!postings) throw new Error(`The books do not know the ledger kind "${kind}"`);
  return postings(amountMicros);
}

/** The balances of the books as the ledger's totals by kind imply them. */
export function booksFromKinds(byKind: Partial<Record<string, number>>): Record<Book, number> {
  const books = Object.fromEntries(BOOKS.map((book) => [book, 0])) as Record<Book, number>;
  for (const [kind, total] of Object.entries(byKind)) {
    for (const [book, amount] of postingsOf(kind as LedgerKind, total ?? 0)) books[book] += amount;
  }
  return books;
}

/** The book a user's own balance is: what the network holds for an advertiser, or owes a publisher. */
export type UserBook = Extract<Book, "advertiser_funds" | "publisher_payable">;

/**
 * A user's balance on their book, from the totals by kind of their ledger entries: the sum of their
 * postings to it. The one reading of a balance, so no caller writes the sign of a kind again.
 */
export function userBalance(book: UserBook, byKind: Partial<Record<string, number>>): number {
  return booksFromKinds(byKind)[book];
}

/** The ledger kinds whose entries move a book. */
export function kindsMoving(book: Book): LedgerKind[] {
  return Object.values(LedgerKind).filter((kind) => postingsOf(kind, 1).some(([posted]) => posted === book));
}

/** Books are kept for all time, by month (the Finance view) and by day. */
const BOOK_GRAINS: Grain[] = ["a", "m", "d"];
const BOOK_TOTALS = { table: "book_totals", keys: ["book", "grain", "period"], counters: ["total_micros"] };
const POSTING_SLICE = 500;

/**
 * Posts one transaction of the books for the ledger entries appended together, and moves the
 * books' running totals, inside the append's own database transaction.
 */
export async function postToBooks(manager: EntityManager, entries: Pick<LedgerEntry, "kind" | "amountMicros" | "userId" | "createdAt">[]): Promise<void> {
  const txn = randomBytes(12).toString("hex");
  const period = periodTexts();
  const rows: unknown[][] = [];
  const totals = new Map<string, unknown[]>();
  for (const entry of entries) {
    if (!entry.amountMicros) continue;
    for (const [book, amount] of postingsOf(entry.kind, entry.amountMicros)) {
      rows.push([txn, book, entry.userId, amount, sqlDateTime(entry.createdAt.getTime())]);
      for (const grain of BOOK_GRAINS) {
        const start = period(grain, entry.createdAt.getTime());
        addInto(totals, `${book}|${grain}|${start}`, [book, grain, start], [amount]);
      }
    }
  }
  for (let start = 0; start < rows.length; start += POSTING_SLICE) {
    const slice = rows.slice(start, start + POSTING_SLICE);
    await manager.query(
      `INSERT INTO journal_postings (txn, book, user_id, amount_micros, created_at) VALUES ${slice.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
      slice.flat(),
    );
  }
  await upsertAdding(manager, BOOK_TOTALS, inKeyOrder(totals));
}

export interface BooksCheck {
  /** Transactions whose postings do not sum to zero (at most 20 named). */
  unbalanced: { txn: string; sumMicros: number }[];
  /** The sum of every posting: zero when the books balance. */
  totalMicros: number;
  /** Books whose all-time running total differs from the sum of their postings. */
  totals: { book: string; postingsMicros: number; totalMicros: number }[];
  /** Books whose postings differ from what the ledger's entries imply. */
  ledger: { book: string; postingsMicros: number; ledgerMicros: number }[];
  /** Days on which the ledger's spend differs from the spend of the counted events. */
  days: { day: string; ledgerMicros: number; eventsMicros: number }[];
}

const dayOf = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

/** Full scans of the journal, the ledger and the daily facts, for `npm run check:ledger` and the tests. */
export async function checkBooks(manager: EntityManager): Promise<BooksCheck> {
  const [unbalanced, byBook, kept, byKind, ledgerDays, eventDays] = await Promise.all([
    manager.query("SELECT txn, SUM(amount_micros) AS total FROM journal_postings GROUP BY txn HAVING SUM(amount_micros) <> 0 LIMIT 20"),
    manager.query("SELECT book, SUM(amount_micros) AS total FROM journal_postings GROUP BY book"),
    manager.query("SELECT book, total_micros AS total FROM book_totals WHERE grain = 'a'"),
    manager.query("SELECT kind, SUM(amount_micros) AS total FROM ledger_entries GROUP BY kind"),
    manager.query("SELECT period, total_micros AS total FROM ledger_totals WHERE account = 'network' AND account_id = 0 AND grain = 'd' AND kind = 'spend'"),
    manager.query("SELECT period, spend_micros AS total FROM stat_facts WHERE scope = 'network' AND owner_id = 0 AND scope_id = 0 AND grain = 'd'"),
  ]);
  const posted = new Map<string, number>(byBook.map((row: { book: string; total: string }) => [row.book, Number(row.total)]));
  const running = new Map<string, number>(kept.map((row: { book: string; total: string }) => [row.book, Number(row.total)]));
  const implied = booksFromKinds(Object.fromEntries(byKind.map((row: { kind: string; total: string }) => [row.kind, Number(row.total)])));
  const days = new Map<string, { day: string; ledgerMicros: number; eventsMicros: number }>();
  const day = (period: Date | string) => {
    const key = dayOf(period);
    let row = days.get(key);
    if (!row) days.set(key, (row = { day: key, ledgerMicros: 0, eventsMicros: 0 }));
    return row;
  };
  for (const row of ledgerDays) day(row.period).ledgerMicros += Number(row.total);
  for (const row of eventDays) day(row.period).eventsMicros += Number(row.total);
  return {
    unbalanced: unbalanced.map((row: { txn: string; total: string }) => ({ txn: row.txn, sumMicros: Number(row.total) })),
    totalMicros: [...posted.values()].reduce((sum, value) => sum + value, 0),
    totals: BOOKS.map((book) => ({ book, postingsMicros: posted.get(book) ?? 0, totalMicros: running.get(book) ?? 0 })).filter((row) => row.postingsMicros !== row.totalMicros),
    ledger: BOOKS.map((book) => ({ book, postingsMicros: posted.get(book) ?? 0, ledgerMicros: implied[book] })).filter((row) => row.postingsMicros !== row.ledgerMicros),
    days: [...days.values()].filter((row) => row.ledgerMicros !== row.eventsMicros).sort((a, b) => (a.day < b.day ? -1 : 1)),
  };
}

export const booksAgree = (check: BooksCheck) =>
  check.unbalanced.length === 0 && check.totalMicros === 0 && check.totals.length === 0 && check.ledger.length === 0 && check.days.length === 0;
