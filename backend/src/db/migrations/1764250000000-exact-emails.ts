import { MigrationInterface, QueryRunner } from "typeorm";

/**
 * An e-mail is an account's identity, so it is compared byte for byte. MySQL's and MariaDB's
 * default collations ignore accents (and some fold more than case), so `cóllate@…` matched
 * `collate@…`; a binary collation compares as SQLite already does. The service stores addresses
 * case-folded, so case still does not tell two accounts apart.
 */
export class ExactEmails1764250000000 implements MigrationInterface {
  name = "ExactEmails1764250000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.collate(queryRunner, "utf8mb4_bin");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Back to the table's own collation, whatever the database's default was.
    await this.collate(queryRunner, undefined);
  }

  private async collate(queryRunner: QueryRunner, collation: string | undefined): Promise<void> {
    if (queryRunner.connection.driver.options.type === "better-sqlite3") return;
    const table = await queryRunner.getTable("users");
    const email = table!.findColumnByName("email")!;
    const exact = email.clone();
    exact.charset = collation && "utf8mb4";
    exact.collation = collation;
    await queryRunner.changeColumn(table!, email, exact);
  }
}
