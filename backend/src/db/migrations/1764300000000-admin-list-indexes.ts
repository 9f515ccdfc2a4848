import { MigrationInterface, QueryRunner, TableIndex } from "typeorm";

/**
 * The admins' lists filter by status (by role for publishers) and read newest first. An index on
 * the filter alone serves both on each engine: InnoDB's secondary indexes end with the primary key
 * and SQLite's with the rowid, so the rows of one status come out already in id order. Sites and
 * campaigns had theirs from the start.
 */
const INDEXES = [
  { table: "creatives", index: new TableIndex({ name: "IDX_creatives_status", columnNames: ["status"] }) },
  { table: "payouts", index: new TableIndex({ name: "IDX_payouts_status", columnNames: ["status"] }) },
  { table: "users", index: new TableIndex({ name: "IDX_users_role", columnNames: ["role"] }) },
];

export class AdminListIndexes1764300000000 implements MigrationInterface {
  name = "AdminListIndexes1764300000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, index } of INDEXES) await queryRunner.createIndex(table, index);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, index } of INDEXES) await queryRunner.dropIndex(table, index.name!);
  }
}
