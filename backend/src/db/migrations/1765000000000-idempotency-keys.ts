import { MigrationInterface, QueryRunner, Table } from "typeorm";

/** Calls made under an Idempotency-Key, unique per user, operation and key, for 24 hours. */
export class IdempotencyKeys1765000000000 implements MigrationInterface {
  name = "IdempotencyKeys1765000000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "idempotency_keys",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "user_id", type: "integer" },
          { name: "operation", type: "varchar", length: "40" },
          { name: "idempotency_key", type: "varchar", length: "255" },
          { name: "request_hash", type: "varchar", length: "64" },
          { name: "result_id", type: "integer", isNullable: true },
          { name: "created_at", type: "datetime", precision: 3 },
        ],
        indices: [
          { name: "UQ_idempotency_keys_call", columnNames: ["user_id", "operation", "idempotency_key"], isUnique: true },
          { name: "IDX_idempotency_keys_created", columnNames: ["created_at"] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("idempotency_keys");
  }
}
