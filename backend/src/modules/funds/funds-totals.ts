import type { EntityManager } from "typeorm";
import { sqlDateTime } from "../../common/db-upsert";
import type { AdvertiserFunds } from "../delivery/state/delivery-state";
import { userBalance } from "../ledger/books";
import { LedgerKind } from "../ledger/ledger-entry.entity";

const ALL_TIME = sqlDateTime(0);

export interface AdvertiserAccount extends AdvertiserFunds {
  /** What the books hold for the advertiser: deposits and credits less spend. */
  balanceMicros: number;
  depositsMicros: number;
  creditsMicros: number;
  creditLimitMicros: number;
}

/**
 * Each advertiser's account from the ledger's running totals and their latest credit limit: what
 * they paid in, were granted and spent, and so what they may spend in all. A few rows each, however
 * long the history.
 */
export async function advertiserAccounts(manager: EntityManager, advertiserIds: number[]): Promise<Map<number, AdvertiserAccount>> {
  const accounts = new Map<number, AdvertiserAccount>();
  const ids = [...new Set(advertiserIds)];
  if (ids.length === 0) return accounts;
  const byKind = new Map<number, Record<string, number>>(ids.map((id) => [id, {}]));
  for (const id of ids) accounts.set(id, { balanceMicros: 0, depositsMicros: 0, creditsMicros: 0, creditLimitMicros: 0, spentMicros: 0, allowanceMicros: 0 });
  const marks = ids.map(() => "?").join(", ");
  const [totals, limits]: { id: number | string; kind: string; total: number | string }[][] = await Promise.all([
    manager.query(
      `SELECT account_id AS id, kind, total_micros AS total FROM ledger_totals WHERE account = 'user' AND grain = 'a' AND period = ? AND account_id IN (${marks})`,
      [ALL_TIME, ...ids],
    ),
    manager.query(
      `SELECT c.advertiser_id AS id, 'limit' AS kind, c.limit_micros AS total FROM credit_limit_changes c WHERE c.advertiser_id IN (${marks}) ` +
        "AND c.id = (SELECT MAX(l.id) FROM credit_limit_changes l WHERE l.advertiser_id = c.advertiser_id)",
      ids,
    ),
  ]);
  for (const row of totals) byKind.get(Number(row.id))![row.kind] = Number(row.total);
  for (const row of limits) accounts.get(Number(row.id))!.creditLimitMicros = Number(row.total);
  for (const [id, account] of accounts) {
    const kinds = byKind.get(id)!;
    account.balanceMicros = userBalance("advertiser_funds", kinds);
    account.depositsMicros = kinds[LedgerKind.DEPOSIT] ?? 0;
    account.creditsMicros = kinds[LedgerKind.CREDIT] ?? 0;
    account.spentMicros = kinds[LedgerKind.SPEND] ?? 0;
    // The ad server counts spend up to the allowance: spend more than the balance and the limit allow, never.
    account.allowanceMicros = account.balanceMicros + account.spentMicros + account.creditLimitMicros;
  }
  return accounts;
}
