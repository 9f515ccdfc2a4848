import type { EntityManager } from "typeorm";
import { sqlDateTime } from "../../common/db-upsert";
import type { AdvertiserFunds } from "../delivery/delivery-state";
import { LedgerKind } from "../ledger/ledger-entry.entity";

const ALL_TIME = sqlDateTime(0);

export interface AdvertiserAccount extends AdvertiserFunds {
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
  for (const id of ids) accounts.set(id, { depositsMicros: 0, creditsMicros: 0, creditLimitMicros: 0, spentMicros: 0, allowanceMicros: 0 });
  const marks = ids.map(() => "?").join(", ");
  const [totals, limits]: { id: number | string; kind: string; total: number | string }[][] = await Promise.all([
    manager.query(
      `SELECT account_id AS id, kind, total_micros AS total FROM ledger_totals WHERE account = 'user' AND grain = 'a' AND period = ? AND kind IN (?, ?, ?) AND account_id IN (${marks})`,
      [ALL_TIME, LedgerKind.SPEND, LedgerKind.DEPOSIT, LedgerKind.CREDIT, ...ids],
    ),
    manager.query(
      `SELECT c.advertiser_id AS id, 'limit' AS kind, c.limit_micros AS total FROM credit_limit_changes c WHERE c.advertiser_id IN (${marks}) ` +
        "AND c.id = (SELECT MAX(l.id) FROM credit_limit_changes l WHERE l.advertiser_id = c.advertiser_id)",
      ids,
    ),
  ]);
  for (const row of [...totals, ...limits]) {
    const account = accounts.get(Number(row.id))!;
    const micros = Number(row.total);
    if (row.kind === LedgerKind.SPEND) account.spentMicros = micros;
    else if (row.kind === LedgerKind.DEPOSIT) account.depositsMicros = micros;
    else if (row.kind === LedgerKind.CREDIT) account.creditsMicros = micros;
    else account.creditLimitMicros = micros;
  }
  for (const account of accounts.values()) account.allowanceMicros = account.depositsMicros + account.creditsMicros + account.creditLimitMicros;
  return accounts;
}
