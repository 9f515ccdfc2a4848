import type { EntityManager } from "typeorm";
import { upsertAdding } from "../../common/db-upsert";
import { addInto, inKeyOrder } from "../reports/facts";
import { Grain, periodTexts } from "../reports/grains";
import type { LedgerEntry } from "./ledger-entry.entity";
import type { LedgerAccount } from "./ledger-total.entity";

/**
 * Which totals each account keeps: users and the network by hour, day, month and all time (the
 * stat cards compare months, a balance is all time); campaigns all time and by day (budgets and
 * daily pacing).
 */
const GRAINS: Record<LedgerAccount, Grain[]> = { user: ["a", "m", "d", "h"], campaign: ["a", "d"], network: ["a", "m", "d", "h"] };

const LEDGER_TOTALS = { table: "ledger_totals", keys: ["account", "account_id", "grain", "kind", "period"], counters: ["total_micros"] };

function accountsOf(entry: LedgerEntry): [LedgerAccount, number][] {
  const accounts: [LedgerAccount, number][] = [
    ["user", entry.userId],
    ["network", 0],
  ];
  if (entry.campaignId) accounts.push(["campaign", entry.campaignId]);
  return accounts;
}

/** Moves the running totals of the appended entries' accounts, inside the append's transaction. */
export async function addToLedgerTotals(manager: EntityManager, entries: LedgerEntry[]): Promise<void> {
  const period = periodTexts();
  const totals = new Map<string, unknown[]>();
  for (const entry of entries) {
    for (const [account, id] of accountsOf(entry)) {
      for (const grain of GRAINS[account]) {
        const start = period(grain, entry.createdAt.getTime());
        addInto(totals, `${account}|${String(id).padStart(10, "0")}|${grain}|${entry.kind}|${start}`, [account, id, grain, entry.kind, start], [entry.amountMicros]);
      }
    }
  }
  await upsertAdding(manager, LEDGER_TOTALS, inKeyOrder(totals));
}

export interface TotalMismatch {
  account: LedgerAccount;
  accountId: number;
  kind: string;
  entriesMicros: number;
  totalMicros: number;
}

type Sum = { account: LedgerAccount; accountId: number | string; kind: string; total: number | string };

/**
 * Every account and kind whose all-time total differs from the sum of its entries: empty when the
 * books agree. Full scans of the ledger, for tests and operators, never for a page.
 */
export async function ledgerMismatches(manager: EntityManager): Promise<TotalMismatch[]> {
  const [byUser, byCampaign, byNetwork, kept]: Sum[][] = await Promise.all([
    manager.query("SELECT 'user' AS account, user_id AS accountId, kind, SUM(amount_micros) AS total FROM ledger_entries GROUP BY user_id, kind"),
    manager.query(
      "SELECT 'campaign' AS account, campaign_id AS accountId, kind, SUM(amount_micros) AS total FROM ledger_entries WHERE campaign_id IS NOT NULL GROUP BY campaign_id, kind",
    ),
    manager.query("SELECT 'network' AS account, 0 AS accountId, kind, SUM(amount_micros) AS total FROM ledger_entries GROUP BY kind"),
    manager.query("SELECT account, account_id AS accountId, kind, total_micros AS total FROM ledger_totals WHERE grain = 'a'"),
  ]);
  const byKey = new Map<string, TotalMismatch>();
  const at = (row: Sum) => {
    const key = `${row.account}:${row.accountId}:${row.kind}`;
    let mismatch = byKey.get(key);
    if (!mismatch) byKey.set(key, (mismatch = { account: row.account, accountId: Number(row.accountId), kind: row.kind, entriesMicros: 0, totalMicros: 0 }));
    return mismatch;
  };
  for (const row of [...byUser, ...byCampaign, ...byNetwork]) at(row).entriesMicros = Number(row.total);
  for (const row of kept) at(row).totalMicros = Number(row.total);
  return [...byKey.values()].filter((row) => row.entriesMicros !== row.totalMicros);
}
