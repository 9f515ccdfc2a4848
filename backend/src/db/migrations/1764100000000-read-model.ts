import { MigrationInterface, QueryRunner, Table, TableIndex } from "typeorm";
import { dateTimeMs } from "../../common/db-upsert";
import type { LedgerEntry } from "../../modules/ledger/ledger-entry.entity";
import { addToLedgerTotals } from "../../modules/ledger/ledger-totals";
import { addToInvalidFacts, addToStatFacts } from "../../modules/reports/facts";
import { NO_MEASUREMENT } from "../../modules/reports/measurement";

const CHUNK = 20_000;
const counter = (name: string) => ({ name, type: "bigint", default: 0 });
const grainAndPeriod = [
  { name: "grain", type: "varchar", length: "1", isPrimary: true },
  { name: "period", type: "datetime", isPrimary: true },
];

/**
 * The read model: running totals of the ledger and of counted events by period, filled from the
 * rows already written through the same functions the writers use, so both agree to the micro.
 */
export class ReadModel1764100000000 implements MigrationInterface {
  name = "ReadModel1764100000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "ledger_totals",
        columns: [
          { name: "account", type: "varchar", length: "8", isPrimary: true },
          { name: "account_id", type: "integer", isPrimary: true },
          { name: "grain", type: "varchar", length: "1", isPrimary: true },
          { name: "kind", type: "varchar", length: "16", isPrimary: true },
          { name: "period", type: "datetime", isPrimary: true },
          counter("total_micros"),
        ],
        indices: [new TableIndex({ name: "IDX_ledger_totals_age", columnNames: ["grain", "period"] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "stat_facts",
        columns: [
          { name: "scope", type: "varchar", length: "12", isPrimary: true },
          { name: "owner_id", type: "integer", isPrimary: true },
          { name: "scope_id", type: "integer", isPrimary: true },
          ...grainAndPeriod,
          ...["requests", "filled_requests", "impressions", "clicks", "conversions", "spend_micros", "revenue_micros"].map(counter),
        ],
        indices: [
          new TableIndex({ name: "IDX_stat_facts_owner", columnNames: ["scope", "owner_id", "grain", "period"] }),
          new TableIndex({ name: "IDX_stat_facts_age", columnNames: ["grain", "period", "scope"] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: "invalid_facts",
        columns: [
          ...grainAndPeriod,
          { name: "event", type: "varchar", length: "16", isPrimary: true },
          { name: "reason", type: "varchar", length: "32", isPrimary: true },
          counter("count"),
        ],
      }),
    );
    await backfill(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("invalid_facts");
    await queryRunner.dropTable("stat_facts");
    await queryRunner.dropTable("ledger_totals");
  }
}

/** Reads a table in id order, a chunk at a time, so a long history never sits in memory at once. */
async function inChunks<T extends { id: number | string }>(queryRunner: QueryRunner, select: string, each: (rows: T[]) => Promise<void>): Promise<void> {
  for (let after = 0; ; ) {
    const rows: T[] = await queryRunner.query(`${select} ORDER BY id LIMIT ${CHUNK}`, [after]);
    if (rows.length === 0) return;
    await each(rows);
    after = Number(rows[rows.length - 1].id);
  }
}

type Raw = Record<string, string | number | Date | null> & { id: number | string };
const num = (value: unknown) => Number(value ?? 0);

async function backfill(queryRunner: QueryRunner): Promise<void> {
  const manager = queryRunner.manager;
  await inChunks<Raw>(
    queryRunner,
    "SELECT id, user_id, campaign_id, kind, amount_micros, created_at FROM ledger_entries WHERE id > ?",
    (rows) =>
      addToLedgerTotals(
        manager,
        rows.map((row) => ({
          userId: num(row.user_id),
          campaignId: row.campaign_id === null ? null : num(row.campaign_id),
          kind: row.kind,
          amountMicros: num(row.amount_micros),
          createdAt: new Date(dateTimeMs(row.created_at as Date | string)),
        })) as LedgerEntry[],
      ),
  );
  await inChunks<Raw>(
    queryRunner,
    "SELECT d.id AS id, d.hour AS hour, d.zone_id AS zone_id, d.campaign_id AS campaign_id, d.creative_id AS creative_id, d.country AS country, " +
      "z.site_id AS site_id, s.publisher_id AS publisher_id, " +
      "c.advertiser_id AS advertiser_id, d.requests AS requests, d.impressions AS impressions, d.clicks AS clicks, d.conversions AS conversions, " +
      "d.spend_micros AS spend_micros, d.revenue_micros AS revenue_micros FROM delivery_stats d " +
      "LEFT JOIN ad_zones z ON z.id = d.zone_id LEFT JOIN sites s ON s.id = z.site_id LEFT JOIN campaigns c ON c.id = d.campaign_id WHERE d.id > ?",
    (rows) =>
      addToStatFacts(
        manager,
        rows.map((row) => ({
          hour: dateTimeMs(row.hour as Date | string),
          publisherId: num(row.publisher_id),
          siteId: num(row.site_id),
          zoneId: num(row.zone_id),
          campaignId: num(row.campaign_id),
          creativeId: num(row.creative_id),
          advertiserId: num(row.advertiser_id),
          country: String(row.country),
          requests: num(row.requests),
          impressions: num(row.impressions),
          clicks: num(row.clicks),
          conversions: num(row.conversions),
          spendMicros: num(row.spend_micros),
          revenueMicros: num(row.revenue_micros),
          ...NO_MEASUREMENT,
        })),
      ),
  );
  await inChunks<Raw>(queryRunner, "SELECT id, hour, event, reason, count FROM invalid_traffic WHERE id > ?", (rows) =>
    addToInvalidFacts(
      manager,
      rows.map((row) => ({ hour: dateTimeMs(row.hour as Date | string), event: String(row.event), reason: String(row.reason), count: num(row.count) })),
    ),
  );
}
