import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * Whether a video may be skipped, and after how many seconds, is its video creative's setting, no
 * longer its campaign's: each video creative takes its campaign's value (other types stay null),
 * and the campaign's column goes, so the fact has one home.
 */
export class VideoSkipOnCreatives1765071000000 implements MigrationInterface {
  name = "VideoSkipOnCreatives1765071000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("creatives", new TableColumn({ name: "skip_after_seconds", type: "integer", isNullable: true }));
    await queryRunner.query("UPDATE creatives SET skip_after_seconds = (SELECT c.skip_after_seconds FROM campaigns c WHERE c.id = creatives.campaign_id) WHERE type = 'video'");
    await queryRunner.dropColumn("campaigns", "skip_after_seconds");
  }

  /** A campaign gets back the shortest skip offset of its video creatives: the one a viewer could already skip after. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("campaigns", new TableColumn({ name: "skip_after_seconds", type: "integer", isNullable: true }));
    await queryRunner.query("UPDATE campaigns SET skip_after_seconds = (SELECT MIN(cr.skip_after_seconds) FROM creatives cr WHERE cr.campaign_id = campaigns.id AND cr.type = 'video')");
    await queryRunner.dropColumn("creatives", "skip_after_seconds");
  }
}
