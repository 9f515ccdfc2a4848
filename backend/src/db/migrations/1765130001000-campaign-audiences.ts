import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/** A campaign's audience rule: the advertiser's audiences it shows to only, and never to. */
export class CampaignAudiences1765130001000 implements MigrationInterface {
  name = "CampaignAudiences1765130001000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("campaigns", new TableColumn({ name: "audience_targeting", type: "text", isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("campaigns", "audience_targeting");
  }
}
