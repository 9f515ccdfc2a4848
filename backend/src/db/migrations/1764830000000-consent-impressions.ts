import { MigrationInterface, QueryRunner, Table, TableIndex } from "typeorm";

/** Impressions counted per hour and consent state, for the network report. */
export class ConsentImpressions1764830000000 implements MigrationInterface {
  name = "ConsentImpressions1764830000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "consent_impressions",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "hour", type: "datetime" },
          { name: "state", type: "varchar", length: "16" },
          { name: "impressions", type: "integer", default: 0 },
        ],
      }),
    );
    await queryRunner.createIndex("consent_impressions", new TableIndex({ name: "UQ_consent_impressions_key", columnNames: ["hour", "state"], isUnique: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("consent_impressions");
  }
}
