import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import type { Grain } from "../reports/grains";
import { LedgerKind } from "./ledger-entry.entity";

/** Whose money a total counts: a user's account, a campaign's spend, or the whole network. */
export type LedgerAccount = "user" | "campaign" | "network";

/**
 * The running sum of one kind of entry on one account over one period (all time, a month, a day,
 * an hour), moved in the same transaction as every append, so a balance or a month's spend is a
 * read of a few rows however long the history. The entries stay the record:
 * `LedgerService.checkTotals` proves each all-time total equals the sum of its entries.
 */
@Entity("ledger_totals")
@Index("IDX_ledger_totals_age", ["grain", "period"])
export class LedgerTotal {
  @PrimaryColumn({ type: "varchar", length: 8 })
  account: LedgerAccount;

  @PrimaryColumn({ name: "account_id", type: "integer" })
  accountId: number;

  @PrimaryColumn({ type: "varchar", length: 1 })
  grain: Grain;

  @PrimaryColumn({ type: "varchar", length: 16 })
  kind: LedgerKind;

  /** Start of the period (a UTC hour, or a day or month of the reporting calendar); 1970-01-01 for all time. */
  @PrimaryColumn({ type: "datetime" })
  period: Date;

  @Column({ name: "total_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  totalMicros: number;
}
