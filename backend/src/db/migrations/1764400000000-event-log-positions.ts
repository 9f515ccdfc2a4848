import { MigrationInterface, QueryRunner, Table } from "typeorm";

/**
 * How far each event log has been applied to the database. The writer moves a log's position in
 * the transaction that applies the events up to it, only from the position it read: a replay after
 * a crash, or a second process applying the same log, finds the position moved and counts nothing twice.
 */
export class EventLogPositions1764400000000 implements MigrationInterface {
  name = "EventLogPositions1764400000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "event_log_positions",
        columns: [
          { name: "log_id", type: "varchar", length: "64", isPrimary: true },
          { name: "position", type: "bigint" },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("event_log_positions");
  }
}
