import { join } from "node:path";
import { createConnection } from "mysql2/promise";
import { AdvancedConsoleLogger, DataSource, DataSourceOptions, type QueryRunner } from "typeorm";
import { privateDirectory, privateFile } from "../common/private-files";
import { useReportTimeZone } from "../modules/reports/grains";
import type { Config, Timeouts } from "../config";
import { Campaign } from "../modules/campaigns/campaign.entity";
import { ContactMessage } from "../modules/contact/contact-message.entity";
import { Creative } from "../modules/creatives/creative.entity";
import { AdClick } from "../modules/delivery/counting/ad-click.entity";
import { AppliedBatch } from "../modules/delivery/counting/applied-batch.entity";
import { EventLogPosition } from "../modules/delivery/counting/event-log/event-log-position.entity";
import { LedgerEntry } from "../modules/ledger/ledger-entry.entity";
import { LedgerTotal } from "../modules/ledger/ledger-total.entity";
import { Payout } from "../modules/payouts/payout.entity";
import { PayoutMethod } from "../modules/payouts/payout-method.entity";
import { SchedulerLease } from "../modules/scheduler/scheduler-lease.entity";
import { DocumentCounter, Statement, StatementRun } from "../modules/statements/statement.entity";
import { InvalidFact } from "../modules/reports/invalid-fact.entity";
import { StatFact } from "../modules/reports/stat-fact.entity";
import { InvalidTraffic } from "../modules/reports/invalid-traffic.entity";
import { ConsentImpressions } from "../modules/reports/consent-impressions.entity";
import { Site } from "../modules/sites/site.entity";
import { UserSession } from "../modules/users/user-session.entity";
import { User } from "../modules/users/user.entity";
import { AdZone } from "../modules/zones/ad-zone.entity";
import { EmailLink } from "../modules/email-links/email-link.entity";
import { MailMessage } from "../modules/mail/mail-message.entity";
import { NotificationOptOut } from "../modules/notifications/notification-opt-out.entity";
import { CreditLimitChange, DepositRequest } from "../modules/funds/deposit-request.entity";
import { BookTotal, JournalPosting } from "../modules/ledger/journal-posting.entity";
import { InitialSchema1763700000000 } from "./migrations/1763700000000-initial-schema";
import { AdDelivery1763800000000 } from "./migrations/1763800000000-ad-delivery";
import { UserSessions1764000000000 } from "./migrations/1764000000000-user-sessions";
import { ReadModel1764100000000 } from "./migrations/1764100000000-read-model";
import { AppliedBatches1764200000000 } from "./migrations/1764200000000-applied-batches";
import { ExactEmails1764250000000 } from "./migrations/1764250000000-exact-emails";
import { AdminListIndexes1764300000000 } from "./migrations/1764300000000-admin-list-indexes";
import { EventLogPositions1764400000000 } from "./migrations/1764400000000-event-log-positions";
import { FundsAndBooks1764420000000 } from "./migrations/1764420000000-funds-and-books";
import { StatementsPayouts1764430000000 } from "./migrations/1764430000000-statements-payouts";
import { AccountMail1764440000000 } from "./migrations/1764440000000-account-mail";
import { AccountAdministration1764450000000 } from "./migrations/1764450000000-account-administration";
import { PayoutsPaidInBooks1764500000000 } from "./migrations/1764500000000-payouts-paid-in-books";
import { BillingAddress1764500001000 } from "./migrations/1764500001000-billing-address";
import { DepositNotes1764510000000 } from "./migrations/1764510000000-deposit-notes";
import { TermsAcceptance1764530000000 } from "./migrations/1764530000000-terms-acceptance";
import { ArchivedInventory1764540000000 } from "./migrations/1764540000000-archived-inventory";
import { CampaignControl1764600000000 } from "./migrations/1764600000000-campaign-control";
import { ClickConversionPrice1764630000000 } from "./migrations/1764630000000-click-conversion-price";
import { OfferEvents1764720000000 } from "./migrations/1764720000000-offer-events";
import { VideoAds1764730000000 } from "./migrations/1764730000000-video-ads";
import { NativeAndPresentation1764740000000 } from "./migrations/1764740000000-native-and-presentation";
import { ConsentImpressions1764830000000 } from "./migrations/1764830000000-consent-impressions";
import { Webhooks1764860000000 } from "./migrations/1764860000000-webhooks";
import { HeaderBiddingCounts1764870000000 } from "./migrations/1764870000000-header-bidding-counts";
import { DropHourlyAggregates1764940000000 } from "./migrations/1764940000000-drop-hourly-aggregates";
import { HostedMedia1764710000000 } from "./migrations/1764710000000-hosted-media";
import { SellerIdentity1764820000000 } from "./migrations/1764820000000-seller-identity";
import { IdempotencyKeys1765000000000 } from "./migrations/1765000000000-idempotency-keys";
import { ArchivedCreatives1765043400000 } from "./migrations/1765043400000-archived-creatives";
import { PreviousSignIn1765050000000 } from "./migrations/1765050000000-previous-sign-in";
import { VideoSkipOnCreatives1765071000000 } from "./migrations/1765071000000-video-skip-on-creatives";
import { ExpandableBanners1765100000000 } from "./migrations/1765100000000-expandable-banners";
import { ZoneAdBreaks1765110000000 } from "./migrations/1765110000000-zone-ad-breaks";
import { ContentRecommendation1765120000000 } from "./migrations/1765120000000-content-recommendation";
import { Audiences1765130000000 } from "./migrations/1765130000000-audiences";
import { CampaignAudiences1765130001000 } from "./migrations/1765130001000-campaign-audiences";
import { ReachAndInsights1765140000000 } from "./migrations/1765140000000-reach-and-insights";
import { CampaignLookalikes1765141000000 } from "./migrations/1765141000000-campaign-lookalikes";
import { CampaignLookalike } from "../modules/insights/campaign-lookalike.entity";
import { Audience } from "../modules/audiences/audience.entity";
import { BidStrategies1765150000000 } from "./migrations/1765150000000-bid-strategies";
import { PlacementExclusions1765151000000 } from "./migrations/1765151000000-placement-exclusions";
import { InsightPlacesFromReports1765160000000 } from "./migrations/1765160000000-insight-places-from-reports";
import { ExchangePartners1765230000000 } from "./migrations/1765230000000-exchange-partners";
import { ExchangePartner } from "../modules/exchanges/exchange-partner.entity";
import { DeliveryTiers1765200000000 } from "./migrations/1765200000000-delivery-tiers";
import { PageRules1765220000000 } from "./migrations/1765220000000-page-rules";
import { PlacementExclusion } from "../modules/optimisation/placement-exclusion.entity";
import { MediaFile } from "../modules/media/media-file.entity";
import { ApiKey } from "../modules/api-keys/api-key.entity";
import { WebhookDelivery } from "../modules/webhooks/webhook-delivery.entity";
import { WebhookEndpoint } from "../modules/webhooks/webhook-endpoint.entity";
import { AuditEntry } from "../modules/audit/audit-entry.entity";
import { RecoveryCode } from "../modules/two-factor/recovery-code.entity";
import { IdempotencyKey } from "../modules/idempotency/idempotency-key.entity";
import { InsertionOrders1765210000000 } from "./migrations/1765210000000-insertion-orders";
import { InsertionOrder } from "../modules/booking/insertion-order.entity";
import { BookingLedger } from "../modules/booking/booking-ledger.entity";

export const entities = [
  User,
  Site,
  AdZone,
  Campaign,
  Creative,
  LedgerEntry,
  Payout,
  ContactMessage,
  InvalidTraffic,
  ConsentImpressions,
  AdClick,
  UserSession,
  LedgerTotal,
  StatFact,
  InvalidFact,
  AppliedBatch,
  EventLogPosition,
  SchedulerLease,
  StatementRun,
  DocumentCounter,
  Statement,
  PayoutMethod,
  EmailLink,
  MailMessage,
  NotificationOptOut,
  AuditEntry,
  ApiKey,
  WebhookEndpoint,
  WebhookDelivery,
  RecoveryCode,
  JournalPosting,
  BookTotal,
  DepositRequest,
  CreditLimitChange,
  MediaFile,
  IdempotencyKey,
  Audience,
  CampaignLookalike,
  PlacementExclusion,
  ExchangePartner,
  InsertionOrder,
  BookingLedger,
];
export const migrations = [
  InitialSchema1763700000000,
  AdDelivery1763800000000,
  UserSessions1764000000000,
  ReadModel1764100000000,
  AppliedBatches1764200000000,
  ExactEmails1764250000000,
  AdminListIndexes1764300000000,
  EventLogPositions1764400000000,
  FundsAndBooks1764420000000,
  StatementsPayouts1764430000000,
  AccountMail1764440000000,
  AccountAdministration1764450000000,
  PayoutsPaidInBooks1764500000000,
  BillingAddress1764500001000,
  DepositNotes1764510000000,
  TermsAcceptance1764530000000,
  ArchivedInventory1764540000000,
  CampaignControl1764600000000,
  ClickConversionPrice1764630000000,
  HostedMedia1764710000000,
  OfferEvents1764720000000,
  VideoAds1764730000000,
  NativeAndPresentation1764740000000,
  SellerIdentity1764820000000,
  ConsentImpressions1764830000000,
  Webhooks1764860000000,
  HeaderBiddingCounts1764870000000,
  DropHourlyAggregates1764940000000,
  IdempotencyKeys1765000000000,
  ArchivedCreatives1765043400000,
  PreviousSignIn1765050000000,
  VideoSkipOnCreatives1765071000000,
  ExpandableBanners1765100000000,
  ZoneAdBreaks1765110000000,
  ContentRecommendation1765120000000,
  Audiences1765130000000,
  CampaignAudiences1765130001000,
  ReachAndInsights1765140000000,
  CampaignLookalikes1765141000000,
  BidStrategies1765150000000,
  PlacementExclusions1765151000000,
  InsightPlacesFromReports1765160000000,
  DeliveryTiers1765200000000,
  InsertionOrders1765210000000,
  ExchangePartners1765230000000,
  PageRules1765220000000,
];

export const EMBEDDED_DATABASE_FILE = "adnet.sqlite";

/** TypeORM reads MariaDB's catalogue differently from MySQL's, so it must be told which it talks to. */
async function mysqlFlavour(url: string, connectTimeout: number): Promise<"mysql" | "mariadb"> {
  const connection = await createConnection({ uri: url, connectTimeout });
  try {
    const [rows] = await connection.query("SELECT VERSION() AS version");
    return /mariadb/i.test(String((rows as { version: string }[])[0]?.version)) ? "mariadb" : "mysql";
  } finally {
    await connection.end();
  }
}

/** What a caller that does not say gets: the defaults of DB_CONNECT_TIMEOUT_MS and DB_QUERY_TIMEOUT_MS. */
const DEFAULT_TIMEOUTS: Pick<Timeouts, "databaseConnectMs" | "databaseQueryMs"> = { databaseConnectMs: 5000, databaseQueryMs: 15_000 };

export type DatabaseConfig = Pick<Config, "databaseUrl" | "dataDir"> & { timeouts?: Pick<Timeouts, "databaseConnectMs" | "databaseQueryMs"> };

async function engineOptions(config: DatabaseConfig): Promise<DataSourceOptions> {
  if (config.databaseUrl) {
    const { databaseConnectMs, databaseQueryMs } = config.timeouts ?? DEFAULT_TIMEOUTS;
    const type = await mysqlFlavour(config.databaseUrl, databaseConnectMs);
    // UTC on the wire, and BIGINT as strings so micros never lose precision in transit. A query that
    // outlives its timeout fails (and its connection is dropped) instead of holding a request forever.
    return {
      type,
      url: config.databaseUrl,
      timezone: "Z",
      supportBigNumbers: true,
      bigNumberStrings: true,
      charset: "utf8mb4",
      connectTimeout: databaseConnectMs,
      enableQueryTimeout: databaseQueryMs > 0,
      maxQueryExecutionTime: databaseQueryMs > 0 ? databaseQueryMs : undefined,
    };
  }
  // SQLite gives its -wal and -shm files the database file's mode, so they are private too.
  const file = join(config.dataDir, EMBEDDED_DATABASE_FILE);
  privateDirectory(config.dataDir);
  privateFile(file);
  return { type: "better-sqlite3", database: file, enableWAL: true };
}

/**
 * Logs a failed query without its parameters: they may hold an e-mail's body with its single-use
 * link, a password hash or a token's hash, none of which belongs in a log.
 */
class ParameterlessLogger extends AdvancedConsoleLogger {
  logQueryError(error: string, query: string, _parameters?: unknown[], queryRunner?: QueryRunner): void {
    super.logQueryError(error, query, undefined, queryRunner);
  }
}

/**
 * The process's connection to its database. The read model in it is cut at the days of the
 * configured reporting zone, so opening it sets that zone for every reader and writer here.
 */
export async function createDataSource(config: DatabaseConfig & Partial<Pick<Config, "reportTimeZone">>): Promise<DataSource> {
  if (config.reportTimeZone) useReportTimeZone(config.reportTimeZone);
  const dataSource = new DataSource({
    ...(await engineOptions(config)),
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: ["error"],
    logger: new ParameterlessLogger(["error"]),
  });
  if (config.databaseUrl) {
    const initialize = dataSource.initialize.bind(dataSource);
    dataSource.initialize = async () => {
      await initialize();
      dropTimedOutConnections(dataSource);
      return dataSource;
    };
  }
  return dataSource;
}

interface PooledConnection {
  query(...args: unknown[]): unknown;
  destroy(): void;
}

/**
 * mysql2 answers a query that outlived its timeout with an error but keeps its connection, whose
 * next query would wait behind the one still running (forever, when the server hangs). Such a
 * connection is dropped instead; the pool opens a fresh one for the next query.
 */
function dropTimedOutConnections(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { pool?: { on(event: "connection", listener: (connection: PooledConnection) => void): void; _allConnections?: { length: number; get(index: number): PooledConnection } } }).pool;
  if (!pool) return;
  const watched = new WeakSet<PooledConnection>();
  const watch = (connection: PooledConnection) => {
    if (watched.has(connection)) return;
    watched.add(connection);
    const query = connection.query;
    connection.query = function (this: PooledConnection, ...args: unknown[]) {
      const at = args.findIndex((arg) => typeof arg === "function");
      if (at >= 0) {
        const callback = args[at] as (error: { code?: string } | null, ...rest: unknown[]) => void;
        args[at] = (error: { code?: string } | null, ...rest: unknown[]) => {
          if (error?.code === "PROTOCOL_SEQUENCE_TIMEOUT") connection.destroy();
          callback(error, ...rest);
        };
      }
      return query.apply(this, args);
    };
  };
  pool.on("connection", watch);
  for (let i = 0; i < (pool._allConnections?.length ?? 0); i++) watch(pool._allConnections!.get(i));
}

/** Migrations may rebuild a large table: they run without the query timeout, which comes back after. */
export async function withoutQueryTimeout<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const options = dataSource.driver.options as { enableQueryTimeout?: boolean };
  const enabled = options.enableQueryTimeout;
  options.enableQueryTimeout = false;
  try {
    return await work();
  } finally {
    options.enableQueryTimeout = enabled;
  }
}
