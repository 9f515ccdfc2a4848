import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * Publishers remove sites and zones by archiving them: the rows stay, so that reports, statements
 * and the ledger still name what earned, and the ad catalogue leaves them out.
 */
const TABLES = ["sites", "ad_zones"];

export class ArchivedInventory1764540000000 implements MigrationInterface {
  name = "ArchivedInventory1764540000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.addColumn(table, new TableColumn({ name: "archived_at", type: "datetime", isNullable: true }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) await queryRunner.dropColumn(table, "archived_at");
  }
}
