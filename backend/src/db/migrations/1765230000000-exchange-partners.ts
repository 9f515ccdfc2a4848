import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from "typeorm";

/** The exchanges the bidder takes server-side bid requests from, and the private marketplace deal a campaign is sold through. */
export class ExchangePartners1765230000000 implements MigrationInterface {
  name = "ExchangePartners1765230000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    const now = { type: "datetime", precision: sqlite ? undefined : 6, default: sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)" };
    await queryRunner.createTable(
      new Table({
        name: "exchange_partners",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "name", type: "varchar", length: "80" },
          { name: "credential_prefix", type: "varchar", length: "24" },
          { name: "credential_hash", type: "varchar", length: "64" },
          { name: "allowed_networks", type: "text" },
          { name: "user_sync_url", type: "varchar", length: "500", isNullable: true },
          { name: "created_at", ...now },
          { name: "revoked_at", type: "datetime", isNullable: true },
        ],
        indices: [{ name: "UQ_exchange_partners_hash", columnNames: ["credential_hash"], isUnique: true }],
      }),
    );
    await queryRunner.addColumn("campaigns", new TableColumn({ name: "deal_id", type: "varchar", length: "64", isNullable: true }));
    await queryRunner.createIndex("campaigns", new TableIndex({ name: "UQ_campaigns_deal", columnNames: ["deal_id"], isUnique: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("campaigns", "UQ_campaigns_deal");
    await queryRunner.dropColumn("campaigns", "deal_id");
    await queryRunner.dropTable("exchange_partners");
  }
}
