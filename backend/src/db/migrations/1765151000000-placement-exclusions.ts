import { MigrationInterface, QueryRunner, Table } from "typeorm";

/**
 * The zones placement optimisation took a goal campaign out of, and those its advertiser put back;
 * and the day each goal campaign's bids per zone were last summed up in its history.
 */
export class PlacementExclusions1765151000000 implements MigrationInterface {
  name = "PlacementExclusions1765151000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "placement_exclusions",
        columns: [
          { name: "campaign_id", type: "integer", isPrimary: true },
          { name: "zone_id", type: "integer", isPrimary: true },
          { name: "state", type: "varchar", length: "12" },
          { name: "reason", type: "varchar", length: "500" },
          { name: "impressions", type: "integer" },
          { name: "results", type: "integer" },
          { name: "excluded_at", type: "datetime", precision: 3 },
          { name: "undone_at", type: "datetime", precision: 3, isNullable: true },
        ],
        foreignKeys: [
          { name: "FK_placement_exclusions_campaign", columnNames: ["campaign_id"], referencedTableName: "campaigns", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" },
          { name: "FK_placement_exclusions_zone", columnNames: ["zone_id"], referencedTableName: "ad_zones", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "bid_summaries",
        columns: [
          { name: "campaign_id", type: "integer", isPrimary: true },
          { name: "day", type: "varchar", length: "10" },
        ],
        foreignKeys: [{ name: "FK_bid_summaries_campaign", columnNames: ["campaign_id"], referencedTableName: "campaigns", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("bid_summaries");
    await queryRunner.dropTable("placement_exclusions");
  }
}
