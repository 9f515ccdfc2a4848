import { MigrationInterface, QueryRunner, Table } from "typeorm";

/** The ids of applied batches of counted events, so a retried batch counts once. */
export class AppliedBatches1764200000000 implements MigrationInterface {
  name = "AppliedBatches1764200000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "applied_batches",
        columns: [
          { name: "id", type: "varchar", length: "32", isPrimary: true },
          { name: "applied_at", type: "datetime" },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("applied_batches");
  }
}
