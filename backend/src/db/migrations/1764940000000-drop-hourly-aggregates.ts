import { MigrationInterface, QueryRunner, Table } from "typeorm";

const COUNTERS = [
  "requests",
  "impressions",
  "clicks",
  "conversions",
  "measured",
  "viewable",
  "video_starts",
  "first_quartiles",
  "midpoints",
  "third_quartiles",
  "completes",
  "bid_requests",
  "bids",
  "wins",
  "losses",
];
const MONEY = ["spend_micros", "revenue_micros", "loss_price_micros"];

/**
 * The hourly aggregates by zone, creative and country were written with every flush and read by
 * nothing: the read model's facts answer every report and figure. At a network's spread of zones,
 * campaigns and countries nearly every counted request was a row of its own, and writing them took
 * three fifths of the writer's time in the database, so the table goes, with what it held.
 */
export class DropHourlyAggregates1764940000000 implements MigrationInterface {
  name = "DropHourlyAggregates1764940000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("delivery_stats");
  }

  /** The table as it stood, empty. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "delivery_stats",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "hour", type: "datetime" },
          { name: "zone_id", type: "integer" },
          { name: "campaign_id", type: "integer" },
          { name: "creative_id", type: "integer" },
          { name: "country", type: "varchar", length: "2" },
          ...COUNTERS.map((name) => ({ name, type: "integer", default: 0 })),
          ...MONEY.map((name) => ({ name, type: "bigint", default: 0 })),
        ],
        indices: [
          { name: "UQ_delivery_stats_key", columnNames: ["hour", "zone_id", "campaign_id", "creative_id", "country"], isUnique: true },
          { name: "IDX_delivery_stats_campaign_hour", columnNames: ["campaign_id", "hour"] },
        ],
      }),
    );
  }
}
