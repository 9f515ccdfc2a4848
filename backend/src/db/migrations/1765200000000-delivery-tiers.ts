import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/** Every campaign so far competes in the auction; admins may book it as a sponsorship, a guaranteed goal, or house ads. */
export class DeliveryTiers1765200000000 implements MigrationInterface {
  name = "DeliveryTiers1765200000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("campaigns", [
      new TableColumn({ name: "delivery_tier", type: "varchar", length: "12", default: "'auction'" }),
      new TableColumn({ name: "goal_type", type: "varchar", length: "12", default: "'impressions'" }),
      new TableColumn({ name: "goal_amount", type: "bigint", isNullable: true }),
      new TableColumn({ name: "share_percent", type: "integer", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ["share_percent", "goal_amount", "goal_type", "delivery_tier"]) await queryRunner.dropColumn("campaigns", column);
  }
}
