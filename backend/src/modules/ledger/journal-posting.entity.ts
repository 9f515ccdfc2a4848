import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from "typeorm";
import { bigintAsNumber } from "../../common/money";
import type { Grain } from "../reports/grains";
import type { Book } from "./books";

/**
 * One side of a transaction in the network's double-entry books, written with the ledger entries
 * it follows from (see `books.ts`): the postings of one transaction sum to zero.
 */
@Entity("journal_postings")
@Index("IDX_journal_txn", ["txn"])
export class JournalPosting {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 24 })
  txn: string;

  @Column({ type: "varchar", length: 20 })
  book: Book;

  /** The advertiser or publisher whose money moved. */
  @Column({ name: "user_id", type: "integer" })
  userId: number;

  @Column({ name: "amount_micros", type: "bigint", transformer: bigintAsNumber })
  amountMicros: number;

  @Column({ name: "created_at", type: "datetime" })
  createdAt: Date;
}

/** The running balance of one book over one period (all time, a month, a day), moved with every posting. */
@Entity("book_totals")
export class BookTotal {
  @PrimaryColumn({ type: "varchar", length: 20 })
  book: Book;

  @PrimaryColumn({ type: "varchar", length: 1 })
  grain: Grain;

  /** Start of the period (UTC); 1970-01-01 for all time. */
  @PrimaryColumn({ type: "datetime" })
  period: Date;

  @Column({ name: "total_micros", type: "bigint", default: 0, transformer: bigintAsNumber })
  totalMicros: number;
}
