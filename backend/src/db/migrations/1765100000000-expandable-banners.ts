import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/**
 * An image or HTML banner may open to a larger size on the visitor's click (expandedWidth and
 * expandedHeight; null: it does not expand), and each impression's first expansion is counted in
 * the read model beside clicks. Nothing expanded before: every count starts at 0.
 */
export class ExpandableBanners1765100000000 implements MigrationInterface {
  name = "ExpandableBanners1765100000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("creatives", [
      new TableColumn({ name: "expanded_width", type: "integer", isNullable: true }),
      new TableColumn({ name: "expanded_height", type: "integer", isNullable: true }),
    ]);
    await queryRunner.addColumn("stat_facts", new TableColumn({ name: "expansions", type: "bigint", default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("stat_facts", "expansions");
    await queryRunner.dropColumns("creatives", ["expanded_width", "expanded_height"]);
  }
}
