import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * Video ads by VAST: whether a campaign's video may be skipped, and after how many seconds (null:
 * never), which the VAST document's `skipoffset` says; and the length of a video creative given by
 * URL, which VAST's `Duration` needs (an uploaded video's length comes from decoding the file).
 */
export class VideoAds1764730000000 implements MigrationInterface {
  name = "VideoAds1764730000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("campaigns", new TableColumn({ name: "skip_after_seconds", type: "integer", isNullable: true }));
    await queryRunner.addColumn("creatives", new TableColumn({ name: "duration_ms", type: "integer", isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("creatives", "duration_ms");
    await queryRunner.dropColumn("campaigns", "skip_after_seconds");
  }
}
