import { MigrationInterface, QueryRunner, Table } from "typeorm";

/** Advertisers' audiences, built from their audience pixel; who belongs travels in each visitor's own cookie, never here. */
export class Audiences1765130000000 implements MigrationInterface {
  name = "Audiences1765130000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    const moment = (name: string) => ({ name, type: "datetime", precision: sqlite ? undefined : 6, default: sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)" });
    await queryRunner.createTable(
      new Table({
        name: "audiences",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "advertiser_id", type: "integer" },
          { name: "name", type: "varchar", length: "120" },
          { name: "rule", type: "varchar", length: "16" },
          { name: "page_pattern", type: "varchar", length: "500", isNullable: true },
          { name: "window_days", type: "integer" },
          { name: "site_domains", type: "text" },
          { name: "archived_at", type: "datetime", isNullable: true },
          moment("created_at"),
          { ...moment("updated_at"), onUpdate: sqlite ? undefined : "CURRENT_TIMESTAMP(6)" },
        ],
        indices: [{ name: "IDX_audiences_advertiser", columnNames: ["advertiser_id"] }],
        foreignKeys: [{ name: "FK_audiences_advertiser", columnNames: ["advertiser_id"], referencedTableName: "users", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("audiences");
  }
}
