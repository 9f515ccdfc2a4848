import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * A video zone's ad breaks: how many ads a pod holds, how long a break plays, and the mid-roll
 * offsets into the content ("300,600"; empty for none). Every zone starts at two ads in thirty
 * seconds and no mid-roll, what a pre-roll and post-roll took before.
 */
export class ZoneAdBreaks1765110000000 implements MigrationInterface {
  name = "ZoneAdBreaks1765110000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("ad_zones", [
      new TableColumn({ name: "pod_size", type: "integer", default: 2 }),
      new TableColumn({ name: "break_seconds", type: "integer", default: 30 }),
      new TableColumn({ name: "midroll_offsets", type: "varchar", length: "255", default: "''" }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns("ad_zones", ["pod_size", "break_seconds", "midroll_offsets"]);
  }
}
