import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * Advertisers archive creatives as publishers archive zones: the row stays (reports name it, and its
 * uploaded file is kept), while lists, review queues and the ad catalogue leave it out.
 */
export class ArchivedCreatives1765043400000 implements MigrationInterface {
  name = "ArchivedCreatives1765043400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("creatives", new TableColumn({ name: "archived_at", type: "datetime", isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("creatives", "archived_at");
  }
}
