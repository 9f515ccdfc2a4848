import { MigrationInterface, QueryRunner, Table } from "typeorm";

/** Sign-ins as rows, so one session can end (logout) while the user's others go on. */
export class UserSessions1764000000000 implements MigrationInterface {
  name = "UserSessions1764000000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    await queryRunner.createTable(
      new Table({
        name: "user_sessions",
        columns: [
          { name: "id", type: "varchar", length: "32", isPrimary: true },
          { name: "user_id", type: "integer" },
          { name: "created_at", type: "datetime", precision: sqlite ? undefined : 6, default: sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)" },
          { name: "expires_at", type: "datetime" },
          { name: "revoked_at", type: "datetime", isNullable: true },
        ],
        indices: [{ name: "IDX_user_sessions_user", columnNames: ["user_id"] }],
        foreignKeys: [
          {
            name: "FK_user_sessions_user",
            columnNames: ["user_id"],
            referencedTableName: "users",
            referencedColumnNames: ["id"],
            onDelete: "CASCADE",
            onUpdate: "NO ACTION",
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("user_sessions");
  }
}
