import { MigrationInterface, QueryRunner, Table } from "typeorm";

/** Users' webhook endpoints and the outbox of events for them, which is also their delivery log. */
export class Webhooks1764860000000 implements MigrationInterface {
  name = "Webhooks1764860000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    const createdAt = { name: "created_at", type: "datetime", precision: sqlite ? undefined : 6, default: sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)" };
    await queryRunner.createTable(
      new Table({
        name: "webhook_endpoints",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "user_id", type: "integer" },
          { name: "url", type: "varchar", length: "2000" },
          { name: "event_types", type: "varchar", length: "500" },
          { name: "secret", type: "varchar", length: "80" },
          { name: "previous_secret", type: "varchar", length: "80", isNullable: true },
          { name: "previous_secret_until", type: "datetime", isNullable: true },
          { name: "failing_since", type: "datetime", isNullable: true },
          { name: "disabled_at", type: "datetime", isNullable: true },
          createdAt,
        ],
        indices: [{ name: "IDX_webhook_endpoints_user", columnNames: ["user_id"] }],
        foreignKeys: [{ name: "FK_webhook_endpoints_user", columnNames: ["user_id"], referencedTableName: "users", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "webhook_deliveries",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "endpoint_id", type: "integer" },
          { name: "event_id", type: "varchar", length: "40" },
          { name: "event_key", type: "varchar", length: "160" },
          { name: "event_type", type: "varchar", length: "40" },
          { name: "payload", type: "text" },
          { name: "status", type: "varchar", length: "16", default: "'pending'" },
          { name: "attempts", type: "integer", default: 0 },
          { name: "next_attempt_at", type: "datetime", isNullable: true },
          { name: "last_status_code", type: "integer", isNullable: true },
          { name: "last_response_ms", type: "integer", isNullable: true },
          { name: "last_error", type: "varchar", length: "500", isNullable: true },
          { name: "last_attempt_at", type: "datetime", isNullable: true },
          { name: "delivered_at", type: "datetime", isNullable: true },
          createdAt,
        ],
        indices: [
          { name: "UQ_webhook_deliveries_event", columnNames: ["endpoint_id", "event_key"], isUnique: true },
          { name: "IDX_webhook_deliveries_due", columnNames: ["status", "next_attempt_at"] },
        ],
        foreignKeys: [
          { name: "FK_webhook_deliveries_endpoint", columnNames: ["endpoint_id"], referencedTableName: "webhook_endpoints", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("webhook_deliveries");
    await queryRunner.dropTable("webhook_endpoints");
  }
}
