import { MigrationInterface, QueryRunner, TableColumn } from "typeorm";

/** The sign-in before the latest one, so a dashboard greets a first visit apart from a return; null until the second sign-in. */
export class PreviousSignIn1765050000000 implements MigrationInterface {
  name = "PreviousSignIn1765050000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn("users", new TableColumn({ name: "previous_login_at", type: "datetime", isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn("users", "previous_login_at");
  }
}
