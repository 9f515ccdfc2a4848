import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";

export enum LedgerKind {
  /** Publisher revenue from counted impressions (positive). */
  EARNING = "earning",
  /** Money taken out of a publisher's balance by a payout request (negative); it waits in the books until paid. */
  PAYOUT = "payout",
  /** A requested payout sent to the publisher, when an admin marks it paid (negative, as its request). */
  PAYOUT_PAID = "payout_paid",
  /** Advertiser spend on a campaign (positive: money the campaign has used). */
  SPEND = "spend",
  /** Money an advertiser paid in, recorded by an admin against a payment reference (positive: money in for the advertiser). */
  DEPOSIT = "deposit",
  /** Promotional credit an admin granted an advertiser (positive: money in for the advertiser). */
  CREDIT = "credit",
}

/**
 * The append-only money record. Balances are sums over these rows, never numbers overwritten
 * in place, so every figure shown can be audited back to its entries.
 */
@Entity("ledger_entries")
@Index("IDX_ledger_user_kind", ["userId", "kind"])
@Index("IDX_ledger_campaign_kind", ["campaignId", "kind"])
export class LedgerEntry {
  @PrimaryGeneratedColumn()
  id: number;

  /** Whose account the entry moves: the publisher or the advertiser. */
  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @Column({ type: "varchar", length: 16 })
  kind: LedgerKind;

  @Column({ name: "amount_micros", type: "bigint", transformer: bigintAsNumber })
  amountMicros: number;

  @Column({ name: "campaign_id", type: "integer", nullable: true })
  campaignId: number | null;

  @Column({ name: "zone_id", type: "integer", nullable: true })
  zoneId: number | null;

  @Column({ name: "payout_id", type: "integer", nullable: true })
  payoutId: number | null;

  @Column({ type: "varchar", length: 255, default: "" })
  memo: string;

  /** The admin who made the entry (deposits recorded, credit granted); null for the ad server's own entries. */
  @Column({ name: "actor_id", type: "integer", nullable: true })
  actorId: number | null;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
