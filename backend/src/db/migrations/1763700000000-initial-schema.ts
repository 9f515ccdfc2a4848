import { MigrationInterface, QueryRunner, Table, TableColumnOptions } from "typeorm";

/** Written with the schema-builder API so the same migration runs on MySQL and SQLite. */

const id: TableColumnOptions = { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" };

/** Creation and update times as TypeORM's date columns define them on each engine. */
function timestampColumns(queryRunner: QueryRunner) {
  const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
  const now = sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)";
  const precision = sqlite ? undefined : 6;
  const createdAt: TableColumnOptions = { name: "created_at", type: "datetime", precision, default: now };
  const updatedAt: TableColumnOptions = { name: "updated_at", type: "datetime", precision, default: now, onUpdate: sqlite ? undefined : now };
  return { createdAt, timestamps: [createdAt, updatedAt] };
}

const varchar = (name: string, length: number, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: "varchar",
  length: String(length),
  ...extra,
});
const integer = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: "integer", ...extra });
const bigint = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({ name, type: "bigint", ...extra });
const reviewStatus = (initial: string) => varchar("status", 16, { default: `'${initial}'` });
const rejectionReason = varchar("rejection_reason", 500, { isNullable: true });

const cascadeTo = (name: string, column: string, table: string) => ({
  name,
  columnNames: [column],
  referencedTableName: table,
  referencedColumnNames: ["id"],
  onDelete: "CASCADE",
  onUpdate: "NO ACTION",
});

export class InitialSchema1763700000000 implements MigrationInterface {
  name = "InitialSchema1763700000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const { createdAt, timestamps } = timestampColumns(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: "users",
        columns: [
          id,
          varchar("email", 254),
          varchar("password_hash", 255),
          varchar("full_name", 120),
          varchar("role", 16),
          integer("token_version", { default: 0 }),
          ...timestamps,
        ],
        indices: [{ name: "UQ_users_email", columnNames: ["email"], isUnique: true }],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "sites",
        columns: [
          id,
          integer("publisher_id"),
          varchar("name", 120),
          varchar("domain", 253),
          varchar("category", 32),
          varchar("description", 2000),
          reviewStatus("pending"),
          rejectionReason,
          ...timestamps,
        ],
        indices: [
          { name: "UQ_sites_publisher_domain", columnNames: ["publisher_id", "domain"], isUnique: true },
          { name: "IDX_sites_status", columnNames: ["status"] },
        ],
        foreignKeys: [cascadeTo("FK_sites_publisher", "publisher_id", "users")],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "ad_zones",
        columns: [
          id,
          integer("site_id"),
          varchar("name", 120),
          integer("width"),
          integer("height"),
          varchar("format", 16),
          varchar("position", 16),
          ...timestamps,
        ],
        foreignKeys: [cascadeTo("FK_ad_zones_site", "site_id", "sites")],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "campaigns",
        columns: [
          id,
          integer("advertiser_id"),
          varchar("name", 120),
          bigint("budget_micros"),
          bigint("cpm_micros"),
          { name: "target_countries", type: "text" },
          { name: "start_date", type: "date" },
          { name: "end_date", type: "date" },
          reviewStatus("pending"),
          rejectionReason,
          ...timestamps,
        ],
        indices: [{ name: "IDX_campaigns_status", columnNames: ["status"] }],
        foreignKeys: [cascadeTo("FK_campaigns_advertiser", "advertiser_id", "users")],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "creatives",
        columns: [
          id,
          integer("campaign_id"),
          varchar("name", 120),
          varchar("type", 16),
          varchar("content_url", 2048),
          varchar("click_url", 2048, { isNullable: true }),
          integer("width"),
          integer("height"),
          reviewStatus("pending"),
          rejectionReason,
          ...timestamps,
        ],
        foreignKeys: [cascadeTo("FK_creatives_campaign", "campaign_id", "campaigns")],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "payouts",
        columns: [
          id,
          integer("publisher_id"),
          bigint("amount_micros"),
          varchar("status", 16, { default: "'requested'" }),
          { name: "paid_at", type: "datetime", isNullable: true },
          ...timestamps,
        ],
        foreignKeys: [cascadeTo("FK_payouts_publisher", "publisher_id", "users")],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "ledger_entries",
        columns: [
          id,
          integer("user_id"),
          varchar("kind", 16),
          bigint("amount_micros"),
          integer("campaign_id", { isNullable: true }),
          integer("zone_id", { isNullable: true }),
          integer("payout_id", { isNullable: true }),
          varchar("memo", 255, { default: "''" }),
          createdAt,
        ],
        indices: [
          { name: "IDX_ledger_user_kind", columnNames: ["user_id", "kind"] },
          { name: "IDX_ledger_campaign_kind", columnNames: ["campaign_id", "kind"] },
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "contact_messages",
        columns: [id, varchar("name", 120), varchar("email", 254), varchar("subject", 16), { name: "message", type: "text" }, createdAt],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: "delivery_stats",
        columns: [
          id,
          { name: "hour", type: "datetime" },
          integer("zone_id"),
          integer("campaign_id"),
          integer("creative_id"),
          varchar("country", 2),
          integer("requests", { default: 0 }),
          integer("impressions", { default: 0 }),
          integer("clicks", { default: 0 }),
          integer("conversions", { default: 0 }),
          bigint("spend_micros", { default: 0 }),
          bigint("revenue_micros", { default: 0 }),
        ],
        indices: [
          { name: "UQ_delivery_stats_key", columnNames: ["hour", "zone_id", "campaign_id", "creative_id", "country"], isUnique: true },
          { name: "IDX_delivery_stats_campaign_hour", columnNames: ["campaign_id", "hour"] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["delivery_stats", "contact_messages", "ledger_entries", "payouts", "creatives", "campaigns", "ad_zones", "sites", "users"]) {
      await queryRunner.dropTable(table);
    }
  }
}
