import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/** The postal address an account's invoices are made out to. */
export class BillingAddress1764500001000 implements MigrationInterface {
  name = "BillingAddress1764500001000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("users", new TableColumn({ name: "billing_address", type: "varchar", length: "500", isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("users", "billing_address");
  }
}
