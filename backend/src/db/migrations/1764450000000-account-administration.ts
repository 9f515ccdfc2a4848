import { MigrationInterface, QueryRunner, Table, TableColumn, TableColumnOptions, TableIndex } from "typeorm";

/**
 * Account administration: each user's status (active, waiting for approval, suspended) with the
 * reason they are told, identity checks, last sign-in and two-factor sign-in; their recovery
 * codes, their API keys, and the append-only audit log.
 */
export class AccountAdministration1764450000000 implements MigrationInterface {
  name = "AccountAdministration1764450000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    const createdAt: TableColumnOptions = {
      name: "created_at",
      type: "datetime",
      precision: sqlite ? undefined : 6,
      default: sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)",
    };
    const userForeignKey = (table: string) => ({
      name: `FK_${table}_user`,
      columnNames: ["user_id"],
      referencedTableName: "users",
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
      onUpdate: "NO ACTION",
    });

    await queryRunner.addColumns("users", [
      new TableColumn({ name: "status", type: "varchar", length: "24", default: "'active'" }),
      new TableColumn({ name: "suspension_reason", type: "varchar", length: "500", isNullable: true }),
      new TableColumn({ name: "identity_verified_at", type: "datetime", isNullable: true }),
      new TableColumn({ name: "last_login_at", type: "datetime", isNullable: true }),
      new TableColumn({ name: "two_factor_secret", type: "varchar", length: "255", isNullable: true }),
      new TableColumn({ name: "two_factor_pending_secret", type: "varchar", length: "255", isNullable: true }),
      new TableColumn({ name: "two_factor_enabled_at", type: "datetime", isNullable: true }),
      new TableColumn({ name: "two_factor_last_step", type: "integer", isNullable: true }),
    ]);
    await queryRunner.createIndex("users", new TableIndex({ name: "IDX_users_status", columnNames: ["status"] }));

    await queryRunner.createTable(
      new Table({
        name: "two_factor_recovery_codes",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "user_id", type: "integer" },
          { name: "code_hash", type: "varchar", length: "64" },
          { name: "used_at", type: "datetime", isNullable: true },
          createdAt,
        ],
        indices: [{ name: "IDX_two_factor_recovery_codes_user", columnNames: ["user_id"] }],
        foreignKeys: [userForeignKey("two_factor_recovery_codes")],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "api_keys",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "user_id", type: "integer" },
          { name: "name", type: "varchar", length: "80" },
          { name: "prefix", type: "varchar", length: "24" },
          { name: "key_hash", type: "varchar", length: "64" },
          { name: "read_only", type: sqlite ? "boolean" : "tinyint", default: "0" },
          createdAt,
          { name: "last_used_at", type: "datetime", isNullable: true },
          { name: "revoked_at", type: "datetime", isNullable: true },
        ],
        indices: [
          { name: "UQ_api_keys_hash", columnNames: ["key_hash"], isUnique: true },
          { name: "IDX_api_keys_user", columnNames: ["user_id"] },
        ],
        foreignKeys: [userForeignKey("api_keys")],
      }),
    );

    // No foreign keys: the trail outlives the accounts and objects it names.
    await queryRunner.createTable(
      new Table({
        name: "audit_log",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "actor_id", type: "integer", isNullable: true },
          { name: "actor_email", type: "varchar", length: "254", isNullable: true },
          { name: "action", type: "varchar", length: "48" },
          { name: "target_type", type: "varchar", length: "24", isNullable: true },
          { name: "target_id", type: "integer", isNullable: true },
          { name: "target_user_id", type: "integer", isNullable: true },
          { name: "ip", type: "varchar", length: "64", isNullable: true },
          { name: "before_json", type: "text", isNullable: true },
          { name: "after_json", type: "text", isNullable: true },
          createdAt,
        ],
        indices: [
          { name: "IDX_audit_log_action", columnNames: ["action"] },
          { name: "IDX_audit_log_actor", columnNames: ["actor_id"] },
          { name: "IDX_audit_log_target", columnNames: ["target_type", "target_id"] },
          { name: "IDX_audit_log_target_user", columnNames: ["target_user_id"] },
          { name: "IDX_audit_log_created", columnNames: ["created_at"] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("audit_log");
    await queryRunner.dropTable("api_keys");
    await queryRunner.dropTable("two_factor_recovery_codes");
    await queryRunner.dropIndex("users", "IDX_users_status");
    for (const column of [
      "two_factor_last_step",
      "two_factor_enabled_at",
      "two_factor_pending_secret",
      "two_factor_secret",
      "last_login_at",
      "identity_verified_at",
      "suspension_reason",
      "status",
    ]) {
      await queryRunner.dropColumn("users", column);
    }
  }
}
