import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * Header bidding's side of the read model (see reports/measurement.ts): bid requests, AdNet's bids,
 * the impressions won, and the bids lost with the prices that beat them, in the hourly aggregates
 * and the facts beside requests and impressions.
 * Nothing was counted by source before: every count starts at 0.
 */
const COUNTERS = ["bid_requests", "bids", "wins", "losses", "loss_price_micros"];

export class HeaderBiddingCounts1764870000000 implements MigrationInterface {
  name = "HeaderBiddingCounts1764870000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("delivery_stats", COUNTERS.map((name) => new TableColumn({ name, type: name === "loss_price_micros" ? "bigint" : "integer", default: 0 })));
    await queryRunner.addColumns("stat_facts", COUNTERS.map((name) => new TableColumn({ name, type: "bigint", default: 0 })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns("stat_facts", COUNTERS);
    await queryRunner.dropColumns("delivery_stats", COUNTERS);
  }
}
