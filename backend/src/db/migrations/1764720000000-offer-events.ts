import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * What the tag and players tell of a served ad beyond its impression (see delivery/counting/offer-events.ts):
 * impressions it could measure, viewable ones and video progress, counted in the hourly aggregates
 * and the read model beside impressions and clicks. Nothing was measured before: every count starts at 0.
 */
const COUNTERS = ["measured", "viewable", "video_starts", "first_quartiles", "midpoints", "third_quartiles", "completes"];

export class OfferEvents1764720000000 implements MigrationInterface {
  name = "OfferEvents1764720000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("delivery_stats", COUNTERS.map((name) => new TableColumn({ name, type: "integer", default: 0 })));
    await queryRunner.addColumns("stat_facts", COUNTERS.map((name) => new TableColumn({ name, type: "bigint", default: 0 })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns("stat_facts", COUNTERS);
    await queryRunner.dropColumns("delivery_stats", COUNTERS);
  }
}
