import { MigrationInterface, QueryRunner, Table } from "typeorm";

/** How a campaign's lookalike targeting was built: from which audience, when, which places, and how large it is. */
export class CampaignLookalikes1765141000000 implements MigrationInterface {
  name = "CampaignLookalikes1765141000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "campaign_lookalikes",
        columns: [
          { name: "campaign_id", type: "integer", isPrimary: true },
          { name: "audience_id", type: "integer" },
          { name: "built_at", type: "datetime" },
          { name: "history_days", type: "integer" },
          { name: "places", type: "text" },
          { name: "requests_per_day", type: "integer" },
        ],
        foreignKeys: [{ name: "FK_campaign_lookalikes_campaign", columnNames: ["campaign_id"], referencedTableName: "campaigns", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("campaign_lookalikes");
  }
}
