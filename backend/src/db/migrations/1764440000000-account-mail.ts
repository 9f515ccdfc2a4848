import { MigrationInterface, QueryRunner, Table, TableColumn } from "typeorm";

/**
 * E-mail: when each account proved its address (every account made before this counts as
 * proved), the single-use links sent by e-mail (hashed), the messages sent or kept in the outbox,
 * and the kinds of notification each user turned off.
 */
export class AccountMail1764440000000 implements MigrationInterface {
  name = "AccountMail1764440000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    const createdAt = { name: "created_at", type: "datetime", precision: sqlite ? undefined : 6, default: sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)" };
    const userKey = (table: string) => ({
      name: `FK_${table}_user`,
      columnNames: ["user_id"],
      referencedTableName: "users",
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
      onUpdate: "NO ACTION",
    });

    await queryRunner.addColumn("users", new TableColumn({ name: "email_verified_at", type: "datetime", isNullable: true }));
    await queryRunner.query("UPDATE users SET email_verified_at = created_at");

    await queryRunner.createTable(
      new Table({
        name: "email_links",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "user_id", type: "integer" },
          { name: "purpose", type: "varchar", length: "16" },
          { name: "token_hash", type: "varchar", length: "64" },
          { name: "email", type: "varchar", length: "254" },
          { name: "expires_at", type: "datetime" },
          { name: "used_at", type: "datetime", isNullable: true },
          createdAt,
        ],
        indices: [
          { name: "UQ_email_links_token", columnNames: ["token_hash"], isUnique: true },
          { name: "IDX_email_links_user", columnNames: ["user_id", "purpose"] },
        ],
        foreignKeys: [userKey("email_links")],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "mail_messages",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "recipient", type: "varchar", length: "254" },
          { name: "subject", type: "varchar", length: "200" },
          { name: "kind", type: "varchar", length: "32" },
          { name: "user_id", type: "integer", isNullable: true },
          { name: "text", type: "text", isNullable: true },
          { name: "html", type: "text", isNullable: true },
          { name: "status", type: "varchar", length: "16" },
          { name: "attempts", type: "integer", default: 0 },
          { name: "next_attempt_at", type: "datetime", isNullable: true },
          { name: "last_error", type: "varchar", length: "500", isNullable: true },
          { name: "dedupe_key", type: "varchar", length: "120", isNullable: true },
          { name: "sent_at", type: "datetime", isNullable: true },
          createdAt,
        ],
        indices: [
          { name: "IDX_mail_messages_due", columnNames: ["status", "next_attempt_at"] },
          { name: "UQ_mail_messages_dedupe", columnNames: ["dedupe_key"], isUnique: true },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "notification_opt_outs",
        columns: [
          { name: "user_id", type: "integer", isPrimary: true },
          { name: "kind", type: "varchar", length: "32", isPrimary: true },
        ],
        foreignKeys: [userKey("notification_opt_outs")],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("notification_opt_outs");
    await queryRunner.dropTable("mail_messages");
    await queryRunner.dropTable("email_links");
    await queryRunner.dropColumn("users", "email_verified_at");
  }
}
