import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/** Which Terms of Service and Privacy Policy each user accepted, and when; null for accounts older than the question. */
export class TermsAcceptance1764530000000 implements MigrationInterface {
  name = "TermsAcceptance1764530000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns("users", [
      new TableColumn({ name: "terms_version", type: "varchar", length: "32", isNullable: true }),
      new TableColumn({ name: "privacy_policy_version", type: "varchar", length: "32", isNullable: true }),
      new TableColumn({ name: "terms_accepted_at", type: "datetime", isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ["terms_accepted_at", "privacy_policy_version", "terms_version"]) await queryRunner.dropColumn("users", column);
  }
}
