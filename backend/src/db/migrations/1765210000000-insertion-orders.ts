import { MigrationInterface, QueryRunner, Table } from "typeorm";

/** Guaranteed and sponsorship bookings with their availability when booked, and the network's booking ledger (one row). */
export class InsertionOrders1765210000000 implements MigrationInterface {
  name = "InsertionOrders1765210000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.options.type === "better-sqlite3";
    await queryRunner.createTable(
      new Table({
        name: "insertion_orders",
        columns: [
          { name: "campaign_id", type: "integer", isPrimary: true },
          { name: "booked_by", type: "integer" },
          { name: "available_impressions", type: "bigint" },
          // A boolean as each engine's entity metadata writes it (MySQL's is a tinyint).
          { name: "overridden", type: sqlite ? "boolean" : "tinyint" },
          { name: "booked_at", type: "datetime", precision: 3 },
        ],
        foreignKeys: [{ name: "FK_insertion_orders_campaign", columnNames: ["campaign_id"], referencedTableName: "campaigns", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "booking_ledger",
        columns: [
          { name: "id", type: "integer", isPrimary: true },
          { name: "version", type: "integer" },
        ],
      }),
    );
    await queryRunner.query("INSERT INTO booking_ledger (id, version) VALUES (1, 0)");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("booking_ledger");
    await queryRunner.dropTable("insertion_orders");
  }
}
