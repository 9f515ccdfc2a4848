import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * Each site keeps the outcome of its last ads.txt check (read by the catalogue when REQUIRE_ADS_TXT
 * is on), and each publisher whether sellers.json names them or lists them as confidential.
 */
export class SellerIdentity1764820000000 implements MigrationInterface {
  name = "SellerIdentity1764820000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("sites", [
      new TableColumn({ name: "ads_txt_status", type: "varchar", length: "16", isNullable: true }),
      new TableColumn({ name: "ads_txt_checked_at", type: "datetime", isNullable: true }),
      new TableColumn({ name: "ads_txt_reason", type: "varchar", length: "500", isNullable: true }),
    ]);
    // A boolean as each engine's entity metadata writes it (MySQL's is a tinyint).
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    await queryRunner.addColumn("users", new TableColumn({ name: "seller_confidential", type: sqlite ? "boolean" : "tinyint", default: "0" }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("users", "seller_confidential");
    await queryRunner.dropColumns("sites", ["ads_txt_status", "ads_txt_checked_at", "ads_txt_reason"]);
  }
}
