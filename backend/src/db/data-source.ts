import { join } from "node:path";
import { createConnection } from "mysql2/promise";
import { DataSource, DataSourceOptions } from "typeorm";
import { privateDirectory, privateFile } from "../common/private-files";
import type { Config } from "../config";
import { Campaign } from "../modules/campaigns/campaign.entity";
import { ContactMessage } from "../modules/contact/contact-message.entity";
import { Creative } from "../modules/creatives/creative.entity";
import { AdClick } from "../modules/delivery/ad-click.entity";
import { AppliedBatch } from "../modules/delivery/applied-batch.entity";
import { LedgerEntry } from "../modules/ledger/ledger-entry.entity";
import { LedgerTotal } from "../modules/ledger/ledger-total.entity";
import { Payout } from "../modules/payouts/payout.entity";
import { DeliveryStat } from "../modules/reports/delivery-stat.entity";
import { InvalidFact } from "../modules/reports/invalid-fact.entity";
import { StatFact } from "../modules/reports/stat-fact.entity";
import { InvalidTraffic } from "../modules/reports/invalid-traffic.entity";
import { Site } from "../modules/sites/site.entity";
import { UserSession } from "../modules/users/user-session.entity";
import { User } from "../modules/users/user.entity";
import { AdZone } from "../modules/zones/ad-zone.entity";
import { CreditLimitChange, DepositRequest } from "../modules/funds/deposit-request.entity";
import { BookTotal, JournalPosting } from "../modules/ledger/journal-posting.entity";
import { InitialSchema1763700000000 } from "./migrations/1763700000000-initial-schema";
import { AdDelivery1763800000000 } from "./migrations/1763800000000-ad-delivery";
import { UserSessions1764000000000 } from "./migrations/1764000000000-user-sessions";
import { ReadModel1764100000000 } from "./migrations/1764100000000-read-model";
import { AppliedBatches1764200000000 } from "./migrations/1764200000000-applied-batches";
import { ExactEmails1764250000000 } from "./migrations/1764250000000-exact-emails";
import { AdminListIndexes1764300000000 } from "./migrations/1764300000000-admin-list-indexes";
import { FundsAndBooks1764420000000 } from "./migrations/1764420000000-funds-and-books";

export const entities = [
  User,
  Site,
  AdZone,
  Campaign,
  Creative,
  LedgerEntry,
  Payout,
  ContactMessage,
  DeliveryStat,
  InvalidTraffic,
  AdClick,
  UserSession,
  LedgerTotal,
  StatFact,
  InvalidFact,
  AppliedBatch,
  JournalPosting,
  BookTotal,
  DepositRequest,
  CreditLimitChange,
];
export const migrations = [
  InitialSchema1763700000000,
  AdDelivery1763800000000,
  UserSessions1764000000000,
  ReadModel1764100000000,
  AppliedBatches1764200000000,
  ExactEmails1764250000000,
  AdminListIndexes1764300000000,
  FundsAndBooks1764420000000,
];

export const EMBEDDED_DATABASE_FILE = "adnet.sqlite";

/** TypeORM reads MariaDB's catalogue differently from MySQL's, so it must be told which it talks to. */
async function mysqlFlavour(url: string): Promise<"mysql" | "mariadb"> {
  const connection = await createConnection({ uri: url });
  try {
    const [rows] = await connection.query("SELECT VERSION() AS version");
    return /mariadb/i.test(String((rows as { version: string }[])[0]?.version)) ? "mariadb" : "mysql";
  } finally {
    await connection.end();
  }
}

async function engineOptions(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<DataSourceOptions> {
  if (config.databaseUrl) {
    const type = await mysqlFlavour(config.databaseUrl);
    // UTC on the wire, and BIGINT as strings so micros never lose precision in transit.
    return { type, url: config.databaseUrl, timezone: "Z", supportBigNumbers: true, bigNumberStrings: true, charset: "utf8mb4" };
  }
  // SQLite gives its -wal and -shm files the database file's mode, so they are private too.
  const file = join(config.dataDir, EMBEDDED_DATABASE_FILE);
  privateDirectory(config.dataDir);
  privateFile(file);
  return { type: "better-sqlite3", database: file, enableWAL: true };
}

export async function createDataSource(config: Pick<Config, "databaseUrl" | "dataDir">): Promise<DataSource> {
  return new DataSource({ ...(await engineOptions(config)), entities, migrations, migrationsRun: false, synchronize: false, logging: ["error"] });
}
