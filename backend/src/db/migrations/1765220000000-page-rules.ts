import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/** What a campaign asks of the page it shows on: its competitors' categories kept off it, and whether it fills the page's zones together (a roadblock). */
export class PageRules1765220000000 implements MigrationInterface {
  name = "PageRules1765220000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("campaigns", [
      new TableColumn({ name: "competitor_categories", type: "text", isNullable: true }),
      new TableColumn({ name: "roadblock_zones", type: "integer", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("campaigns", "roadblock_zones");
    await queryRunner.dropColumn("campaigns", "competitor_categories");
  }
}
