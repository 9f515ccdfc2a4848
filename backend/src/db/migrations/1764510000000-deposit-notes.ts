import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/** Deposit requests keep the admin's note on the transfer received, and when an advertiser cancelled one. */
export class DepositNotes1764510000000 implements MigrationInterface {
  name = "DepositNotes1764510000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("deposit_requests", [
      new TableColumn({ name: "received_note", type: "varchar", length: "500", isNullable: true }),
      new TableColumn({ name: "cancelled_at", type: "datetime", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("deposit_requests", "cancelled_at");
    await queryRunner.dropColumn("deposit_requests", "received_note");
  }
}
