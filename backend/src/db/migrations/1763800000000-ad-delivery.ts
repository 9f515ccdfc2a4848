import { MigrationInterface, QueryRunner, Table, TableColumn } from "typeorm";

/** What the ad server adds: per-publisher revenue share, invalid traffic counts and click records. */
export class AdDelivery1763800000000 implements MigrationInterface {
  name = "AdDelivery1763800000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("users", new TableColumn({ name: "revenue_share_bps", type: "integer", isNullable: true }));

    await queryRunner.createTable(
      new Table({
        name: "invalid_traffic",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "hour", type: "datetime" },
          { name: "zone_id", type: "integer" },
          { name: "campaign_id", type: "integer" },
          { name: "event", type: "varchar", length: "16" },
          { name: "reason", type: "varchar", length: "32" },
          { name: "count", type: "integer", default: 0 },
        ],
        indices: [{ name: "UQ_invalid_traffic_key", columnNames: ["hour", "zone_id", "campaign_id", "event", "reason"], isUnique: true }],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "ad_clicks",
        columns: [
          { name: "id", type: "varchar", length: "32", isPrimary: true },
          { name: "campaign_id", type: "integer" },
          { name: "zone_id", type: "integer" },
          { name: "creative_id", type: "integer" },
          { name: "country", type: "varchar", length: "2" },
          { name: "clicked_at", type: "datetime" },
          { name: "converted_at", type: "datetime", isNullable: true },
        ],
        indices: [{ name: "IDX_ad_clicks_campaign", columnNames: ["campaign_id", "clicked_at"] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("ad_clicks");
    await queryRunner.dropTable("invalid_traffic");
    await queryRunner.dropColumn("users", "revenue_share_bps");
  }
}
