import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The network's and the campaigns' insights by site and by zone are read from the reports' daily
 * totals now: their copies in insight_facts would be counted twice, and are dropped. The audiences'
 * (counted from the requests of their members) stay.
 */
export class InsightPlacesFromReports1765160000000 implements MigrationInterface {
  name = "InsightPlacesFromReports1765160000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM insight_facts WHERE subject IN ('n', 'c') AND dimension IN ('site', 'zone')`);
  }

  async down(): Promise<void> {
    // The rows were copies of what stat_facts holds; the writer no longer makes them.
  }
}
