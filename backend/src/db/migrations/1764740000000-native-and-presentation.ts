import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * Native creatives keep their texts and logo beside the picture (one JSON document, read whole
 * when the catalogue loads); zones keep how their ad is presented (inline, interstitial or a
 * sticky anchor) and, for native zones, the publisher's own template.
 */
export class NativeAndPresentation1764740000000 implements MigrationInterface {
  name = "NativeAndPresentation1764740000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("creatives", new TableColumn({ name: "native_fields", type: "text", isNullable: true }));
    await queryRunner.addColumns("ad_zones", [
      new TableColumn({ name: "presentation", type: "varchar", length: "16", default: "'inline'" }),
      new TableColumn({ name: "native_template", type: "text", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns("ad_zones", ["presentation", "native_template"]);
    await queryRunner.dropColumn("creatives", "native_fields");
  }
}
