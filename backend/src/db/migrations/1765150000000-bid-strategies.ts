import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/** A campaign bids fixed (every campaign so far) or to a goal: a target cost per conversion or per click, or the most conversions. */
export class BidStrategies1765150000000 implements MigrationInterface {
  name = "BidStrategies1765150000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("campaigns", [
      new TableColumn({ name: "bid_strategy", type: "varchar", length: "16", default: "'fixed'" }),
      new TableColumn({ name: "target_cpa_micros", type: "bigint", isNullable: true }),
      new TableColumn({ name: "target_cpc_micros", type: "bigint", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ["target_cpc_micros", "target_cpa_micros", "bid_strategy"]) await queryRunner.dropColumn("campaigns", column);
  }
}
