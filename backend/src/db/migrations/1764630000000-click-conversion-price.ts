import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * A CPA campaign's conversion is charged the bid of the offer that was clicked, which may come
 * weeks after the click: the click keeps that price, so a later bid change does not reprice it.
 */
export class ClickConversionPrice1764630000000 implements MigrationInterface {
  name = "ClickConversionPrice1764630000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("ad_clicks", new TableColumn({ name: "conversion_price_micros", type: "bigint", default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("ad_clicks", "conversion_price_micros");
  }
}
