import { MigrationInterface, QueryRunner, Table, TableIndex } from "typeorm";

const counter = (name: string) => ({ name, type: "bigint", default: 0 });
const grainAndPeriod = [
  { name: "grain", type: "varchar", length: "1", isPrimary: true },
  { name: "period", type: "datetime", isPrimary: true },
];

/**
 * Reach and insights in the read model: a campaign's visitors per day as a mergeable sketch (see
 * reports/reach-sketch.ts), and counts of where its ads, the network's and an audience's requests
 * were seen, by site, zone, country, hour of day, device and keyword (see modules/insights).
 */
export class ReachAndInsights1765140000000 implements MigrationInterface {
  name = "ReachAndInsights1765140000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "reach_sketches",
        columns: [
          { name: "campaign_id", type: "integer", isPrimary: true },
          ...grainAndPeriod,
          { name: "registers", type: "blob", isNullable: true },
          counter("identified_impressions"),
        ],
        indices: [new TableIndex({ name: "IDX_reach_sketches_age", columnNames: ["grain", "period"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "insight_facts",
        columns: [
          { name: "subject", type: "varchar", length: "1", isPrimary: true },
          { name: "subject_id", type: "integer", isPrimary: true },
          { name: "dimension", type: "varchar", length: "8", isPrimary: true },
          ...grainAndPeriod,
          // After the period, so that a range of days is one stretch of the key for every value.
          { name: "value", type: "varchar", length: "48", isPrimary: true },
          ...["requests", "impressions", "clicks", "conversions"].map(counter),
        ],
        indices: [new TableIndex({ name: "IDX_insight_facts_age", columnNames: ["grain", "period"] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("insight_facts");
    await queryRunner.dropTable("reach_sketches");
  }
}
