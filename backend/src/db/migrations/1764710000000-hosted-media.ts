import { MigrationInterface, QueryRunner, Table, TableColumn, TableColumnOptions, TableIndex } from "typeorm";

/**
 * Hosted creatives: the files advertisers upload, as decoding found them (type, size, duration,
 * bitrate, renditions), stored by content hash; a creative may point at one instead of a URL.
 */
export class HostedMedia1764710000000 implements MigrationInterface {
  name = "HostedMedia1764710000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.driver.options.type === "better-sqlite3";
    const timestamp = (name: string): TableColumnOptions => ({
      name,
      type: "datetime",
      precision: sqlite ? undefined : 6,
      default: sqlite ? "datetime('now')" : "CURRENT_TIMESTAMP(6)",
    });
    await queryRunner.createTable(
      new Table({
        name: "media_files",
        columns: [
          { name: "id", type: "integer", isPrimary: true, isGenerated: true, generationStrategy: "increment" },
          { name: "advertiser_id", type: "integer" },
          { name: "sha256", type: "varchar", length: "64" },
          { name: "file", type: "varchar", length: "80" },
          { name: "kind", type: "varchar", length: "8" },
          { name: "mime_type", type: "varchar", length: "32" },
          { name: "bytes", type: "integer" },
          { name: "width", type: "integer" },
          { name: "height", type: "integer" },
          { name: "duration_ms", type: "integer", isNullable: true },
          { name: "bitrate_kbps", type: "integer", isNullable: true },
          { name: "renditions", type: "text", isNullable: true },
          { name: "rendition_status", type: "varchar", length: "8", default: "'none'" },
          timestamp("created_at"),
          { ...timestamp("updated_at"), onUpdate: sqlite ? undefined : "CURRENT_TIMESTAMP(6)" },
        ],
        indices: [
          { name: "UQ_media_files_owner_hash", columnNames: ["advertiser_id", "sha256"], isUnique: true },
          { name: "IDX_media_files_rendition_status", columnNames: ["rendition_status"] },
        ],
        foreignKeys: [
          { name: "FK_media_files_advertiser", columnNames: ["advertiser_id"], referencedTableName: "users", referencedColumnNames: ["id"], onDelete: "CASCADE", onUpdate: "NO ACTION" },
        ],
      }),
    );
    // No foreign key: media rows are never deleted, and SQLite would rebuild the creatives table for one.
    await queryRunner.addColumn("creatives", new TableColumn({ name: "media_id", type: "integer", isNullable: true }));
    await queryRunner.createIndex("creatives", new TableIndex({ name: "IDX_creatives_media", columnNames: ["media_id"] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("creatives", "IDX_creatives_media");
    await queryRunner.dropColumn("creatives", "media_id");
    await queryRunner.dropTable("media_files");
  }
}
