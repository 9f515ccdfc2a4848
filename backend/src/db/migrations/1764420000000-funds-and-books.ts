import { MigrationInterface, QueryRunner, Table, TableColumn, TableColumnOptions, TableIndex } from "typeorm";
import { dateTimeMs } from "../../common/db-upsert";
import { postToBooks } from "../../modules/ledger/books";
import type { LedgerKind } from "../../modules/ledger/ledger-entry.entity";

const CHUNK = 20_000;
const id: TableColumnOptions = { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" };
const cascadeTo = (name: string, column: string) => ({
  name,
  columnNames: [column],
  referencedTableName: "users",
  referencedColumnNames: ["id"],
  onDelete: "CASCADE",
  onUpdate: "NO ACTION",
});

/**
 * Advertiser funds and the network's double-entry books: deposit requests found by their payment
 * reference, credit limits with who set them and why, the admin behind a ledger entry, and the
 * journal with its running totals, filled from the ledger already written so the books balance
 * from the first day.
 */
export class FundsAndBooks1764420000000 implements MigrationInterface {
  name = "FundsAndBooks1764420000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    const now = sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)";
    const precision = sqlite ? undefined : 6;
    await queryRunner.addColumn("ledger_entries", new TableColumn({ name: "actor_id", type: "integer", isNullable: true }));
    await queryRunner.createTable(
      new Table({
        name: "deposit_requests",
        columns: [
          id,
          { name: "advertiser_id", type: "integer" },
          { name: "reference", type: "varchar", length: "16" },
          { name: "amount_micros", type: "bigint" },
          { name: "status", type: "varchar", length: "16", default: "'pending'" },
          { name: "received_micros", type: "bigint", isNullable: true },
          { name: "received_by", type: "integer", isNullable: true },
          { name: "received_at", type: "datetime", isNullable: true },
          { name: "created_at", type: "datetime", precision, default: now },
          { name: "updated_at", type: "datetime", precision, default: now, onUpdate: sqlite ? undefined : now },
        ],
        indices: [
          new TableIndex({ name: "UQ_deposit_requests_reference", columnNames: ["reference"], isUnique: true }),
          new TableIndex({ name: "IDX_deposit_requests_status", columnNames: ["status"] }),
          new TableIndex({ name: "IDX_deposit_requests_advertiser", columnNames: ["advertiser_id"] }),
        ],
        foreignKeys: [cascadeTo("FK_deposit_requests_advertiser", "advertiser_id")],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "credit_limit_changes",
        columns: [
          id,
          { name: "advertiser_id", type: "integer" },
          { name: "limit_micros", type: "bigint" },
          { name: "admin_id", type: "integer" },
          { name: "memo", type: "varchar", length: "255" },
          { name: "created_at", type: "datetime" },
        ],
        indices: [new TableIndex({ name: "IDX_credit_limit_changes_advertiser", columnNames: ["advertiser_id", "id"] })],
        foreignKeys: [cascadeTo("FK_credit_limit_changes_advertiser", "advertiser_id")],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "journal_postings",
        columns: [
          id,
          { name: "txn", type: "varchar", length: "24" },
          { name: "book", type: "varchar", length: "20" },
          { name: "user_id", type: "integer" },
          { name: "amount_micros", type: "bigint" },
          { name: "created_at", type: "datetime" },
        ],
        indices: [new TableIndex({ name: "IDX_journal_txn", columnNames: ["txn"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "book_totals",
        columns: [
          { name: "book", type: "varchar", length: "20", isPrimary: true },
          { name: "grain", type: "varchar", length: "1", isPrimary: true },
          { name: "period", type: "datetime", isPrimary: true },
          { name: "total_micros", type: "bigint", default: 0 },
        ],
      }),
    );
    await backfillBooks(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["book_totals", "journal_postings", "credit_limit_changes", "deposit_requests"]) await queryRunner.dropTable(table);
    await queryRunner.dropColumn("ledger_entries", "actor_id");
  }
}

type Raw = { id: number | string; user_id: number | string; kind: string; amount_micros: number | string; created_at: Date | string };

/** Posts the entries already in the ledger, a chunk (one transaction of the books) at a time. */
async function backfillBooks(queryRunner: QueryRunner): Promise<void> {
  for (let after = 0; ; ) {
    const rows: Raw[] = await queryRunner.query(`SELECT id, user_id, kind, amount_micros, created_at FROM ledger_entries WHERE id > ? ORDER BY id LIMIT ${CHUNK}`, [after]);
    if (rows.length === 0) return;
    await postToBooks(
      queryRunner.manager,
      rows.map((row) => ({ userId: Number(row.user_id), kind: row.kind as LedgerKind, amountMicros: Number(row.amount_micros), createdAt: new Date(dateTimeMs(row.created_at)) })),
    );
    after = Number(rows[rows.length - 1].id);
  }
}
