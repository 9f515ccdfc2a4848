import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from "typeorm";

/**
 * Monthly statements and the payout schedule: the scheduler's leases, the months issued, the
 * gapless document counters, the documents themselves, the publishers' payout methods, and on each
 * payout the method it goes to and how it was paid.
 */
export class StatementsPayouts1764430000000 implements MigrationInterface {
  name = "StatementsPayouts1764430000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    // Moments to the millisecond: a lease is renewed every few seconds.
    const precision = 3;
    await queryRunner.createTable(
      new Table({
        name: "scheduler_leases",
        columns: [
          { name: "job", type: "varchar", length: "64", isPrimary: true },
          { name: "holder", type: "varchar", length: "64" },
          { name: "expires_at", type: "datetime", precision },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "statement_runs",
        columns: [
          { name: "period", type: "datetime", isPrimary: true },
          { name: "documents", type: "integer" },
          { name: "issued_at", type: "datetime", precision },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "document_counters",
        columns: [
          { name: "kind", type: "varchar", length: "16", isPrimary: true },
          { name: "year", type: "integer", isPrimary: true },
          { name: "last_number", type: "integer", default: 0 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "statements",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "kind", type: "varchar", length: "16" },
          { name: "number", type: "varchar", length: "32" },
          { name: "user_id", type: "integer" },
          { name: "period", type: "datetime" },
          { name: "period_end", type: "datetime" },
          { name: "opening_micros", type: "bigint" },
          { name: "closing_micros", type: "bigint" },
          { name: "total_micros", type: "bigint" },
          { name: "body", type: "text" },
          { name: "issued_at", type: "datetime", precision },
        ],
        foreignKeys: [{ name: "FK_statements_user", columnNames: ["user_id"], referencedTableName: "users", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }],
        uniques: [
          { name: "UQ_statements_once", columnNames: ["kind", "user_id", "period"] },
          { name: "UQ_statements_number", columnNames: ["number"] },
        ],
        indices: [{ name: "IDX_statements_user", columnNames: ["user_id", "period"] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "payout_methods",
        columns: [
          { name: "publisher_id", type: "integer", isPrimary: true },
          { name: "type", type: "varchar", length: "16" },
          { name: "details", type: "text" },
          { name: "created_at", type: "datetime", precision },
          { name: "updated_at", type: "datetime", precision },
        ],
        foreignKeys: [{ name: "FK_payout_methods_publisher", columnNames: ["publisher_id"], referencedTableName: "users", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }],
      }),
    );
    await queryRunner.addColumns("payouts", [
      new TableColumn({ name: "method_type", type: "varchar", length: "16", isNullable: true }),
      new TableColumn({ name: "method_details", type: "text", isNullable: true }),
      new TableColumn({ name: "paid_method", type: "varchar", length: "16", isNullable: true }),
      new TableColumn({ name: "paid_reference", type: "varchar", length: "128", isNullable: true }),
      // The publisher's id while the payout waits to be paid, NULL once paid: unique, so a
      // publisher has one open request at most, whichever process writes it.
      new TableColumn({ name: "open_publisher_id", type: "integer", isNullable: true }),
    ]);
    await queryRunner.createIndex("payouts", new TableIndex({ name: "UQ_payouts_open", columnNames: ["open_publisher_id"], isUnique: true }));
    await queryRunner.query("UPDATE payouts SET open_publisher_id = publisher_id WHERE status = 'requested' AND id IN (SELECT MAX(id) FROM (SELECT id, publisher_id FROM payouts WHERE status = 'requested') open_rows GROUP BY publisher_id)");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("payouts", "UQ_payouts_open");
    for (const column of ["open_publisher_id", "paid_reference", "paid_method", "method_details", "method_type"]) await queryRunner.dropColumn("payouts", column);
    for (const table of ["payout_methods", "statements", "document_counters", "statement_runs", "scheduler_leases"]) await queryRunner.dropTable(table);
  }
}
