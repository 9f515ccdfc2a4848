import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * What advertisers and publishers control beyond a CPM by country: the pricing model and its bid
 * (per thousand impressions, per click or per conversion), a daily cap, pacing, creative rotation,
 * the advertiser category, targeting rules and frequency caps (JSON documents, read whole when the
 * catalogue loads), archiving; and on the publisher's side a floor per zone and blocks per site.
 */
export class CampaignControl1764600000000 implements MigrationInterface {
  name = "CampaignControl1764600000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.renameColumn("campaigns", "cpm_micros", "bid_micros");
    await queryRunner.addColumns("campaigns", [
      new TableColumn({ name: "pricing_model", type: "varchar", length: "8", default: "'cpm'" }),
      new TableColumn({ name: "daily_cap_micros", type: "bigint", isNullable: true }),
      new TableColumn({ name: "pacing", type: "varchar", length: "8", default: "'even'" }),
      new TableColumn({ name: "rotation", type: "varchar", length: "12", default: "'even'" }),
      new TableColumn({ name: "category", type: "varchar", length: "32", default: "'general'" }),
      new TableColumn({ name: "targeting", type: "text", isNullable: true }),
      new TableColumn({ name: "frequency_caps", type: "text", isNullable: true }),
      new TableColumn({ name: "archived_at", type: "datetime", isNullable: true }),
    ]);
    await queryRunner.addColumn("ad_zones", new TableColumn({ name: "floor_micros", type: "bigint", default: 0 }));
    await queryRunner.addColumns("sites", [
      new TableColumn({ name: "blocked_categories", type: "text", isNullable: true }),
      new TableColumn({ name: "blocked_domains", type: "text", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns("sites", ["blocked_categories", "blocked_domains"]);
    await queryRunner.dropColumn("ad_zones", "floor_micros");
    await queryRunner.dropColumns("campaigns", ["pricing_model", "daily_cap_micros", "pacing", "rotation", "category", "targeting", "frequency_caps", "archived_at"]);
    await queryRunner.renameColumn("campaigns", "bid_micros", "cpm_micros");
  }
}
