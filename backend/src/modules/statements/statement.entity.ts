import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from "typeorm";
import { User } from "../users/user.entity";
import { bigintAsNumber } from "../../common/money";
import type { Issuer } from "../../config";

export enum StatementKind {
  /** An advertiser's monthly invoice. */
  INVOICE = "invoice",
  /** A publisher's monthly statement of earnings. */
  STATEMENT = "statement",
}

/** One line of a document: a campaign or a site, or a money movement of the month. */
export interface StatementLine {
  /** campaign, site, adjustment, deposit, credit, payout */
  type: string;
  description: string;
  impressions?: number;
  clicks?: number;
  amountMicros: number;
}

/** What a document says, computed once when it is issued and never again. */
export interface StatementBody {
  /** The network's legal name, address and VAT number; absent on documents issued before they were printed. */
  issuer?: Issuer;
  /** The address is the account's billing address at issue, null when none was given. */
  customer: { name: string; email: string; address?: string | null };
  /** Campaigns (invoice) or sites (statement) with their figures, and what the month moved. */
  lines: StatementLine[];
  impressions: number;
  clicks: number;
  /** Spend billed (invoice) or earnings (statement) of the month. */
  activityMicros: number;
  /** Deposits and credits (invoice), or payouts requested (statement, as a positive amount). */
  depositsMicros: number;
  creditsMicros: number;
  payoutsMicros: number;
}

/**
 * An issued monthly document: numbered once without gaps per kind and year, and never changed
 * (a correction would be a new document). Its figures are stored as computed at issue.
 */
@Entity("statements")
@Unique("UQ_statements_once", ["kind", "userId", "period"])
@Unique("UQ_statements_number", ["number"])
@Index("IDX_statements_user", ["userId", "period"])
export class Statement {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 16 })
  kind: StatementKind;

  @Column({ type: "varchar", length: 32 })
  number: string;

  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_statements_user" })
  user?: User;

  /** The first moment of the month it covers. */
  @Column({ type: "datetime" })
  period: Date;

  /** The first moment after it. */
  @Column({ name: "period_end", type: "datetime" })
  periodEnd: Date;

  @Column({ name: "opening_micros", type: "bigint", transformer: bigintAsNumber })
  openingMicros: number;

  @Column({ name: "closing_micros", type: "bigint", transformer: bigintAsNumber })
  closingMicros: number;

  /** Spend billed (invoice) or earned (statement) in the month. */
  @Column({ name: "total_micros", type: "bigint", transformer: bigintAsNumber })
  totalMicros: number;

  @Column({ type: "simple-json" })
  body: StatementBody;

  @Column({ name: "issued_at", type: "datetime", precision: 3 })
  issuedAt: Date;
}

/** A month whose documents are all issued. */
@Entity("statement_runs")
export class StatementRun {
  @PrimaryColumn({ type: "datetime" })
  period: Date;

  @Column({ type: "integer" })
  documents: number;

  @Column({ name: "issued_at", type: "datetime", precision: 3 })
  issuedAt: Date;
}

/** The last number given to a kind of document in a year, moved in the transaction that issues the next. */
@Entity("document_counters")
export class DocumentCounter {
  @PrimaryColumn({ type: "varchar", length: 16 })
  kind: string;

  @PrimaryColumn({ type: "integer" })
  year: number;

  @Column({ name: "last_number", type: "integer", default: 0 })
  lastNumber: number;
}
