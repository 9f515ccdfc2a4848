import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * Content recommendation: a native zone shows several ads at once (every existing zone one), laid
 * out in a grid or a list, with the publisher's own articles (a JSON list, read whole when the
 * catalogue loads) in the slots paid ads leave.
 */
export class ContentRecommendation1765120000000 implements MigrationInterface {
  name = "ContentRecommendation1765120000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("ad_zones", [
      new TableColumn({ name: "ad_count", type: "integer", default: 1 }),
      new TableColumn({ name: "layout", type: "varchar", length: "16", default: "'grid'" }),
      new TableColumn({ name: "house_items", type: "text", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns("ad_zones", ["ad_count", "layout", "house_items"]);
  }
}
