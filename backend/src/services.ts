import { PlacementExclusions } from "./modules/optimisation/placement-exclusions";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type Redis from "ioredis";
import type { DataSource } from "typeorm";
import { MemoryRateLimiter, RateLimiterFactory } from "./auth/rate-limiter";
import { RedisRateLimiter } from "./auth/redis-rate-limiter";
import type { Config } from "./config";
import { EventBus } from "./events/event-bus";
import { CampaignNews } from "./modules/campaigns/campaign-news";
import { CampaignsService } from "./modules/campaigns/campaigns.service";
import { ContactService } from "./modules/contact/contact.service";
import { TargetingForecaster } from "./modules/forecast/forecast";
import { AvailabilityService } from "./modules/booking/availability";
import { BookingService } from "./modules/booking/booking.service";
import { UnderDelivery } from "./modules/booking/under-delivery";
import { countryName } from "./modules/targeting/countries";
import { InsightsService } from "./modules/insights/insights.service";
import { LookalikeService } from "./modules/insights/lookalike.service";
import { campaignCreatives } from "./modules/creatives/campaign-creatives";
import { CreativesService } from "./modules/creatives/creatives.service";
import { DashboardsService } from "./modules/dashboards/dashboards.service";
import { ReportService } from "./modules/reports/report.service";
import { AdServer } from "./modules/delivery/ad-server";
import { InlineWriter } from "./modules/delivery/counting/batch-writer";
import { RedisCatalogueNews } from "./modules/delivery/decision/catalogue-news";
import { MemoryDeliveryState } from "./modules/delivery/state/delivery-state";
import { RedisDeliveryState } from "./modules/delivery/state/redis-delivery-state";
import type { EventLog } from "./modules/delivery/counting/event-log/event-log";
import { JetStreamEventLog } from "./modules/delivery/counting/event-log/jetstream-event-log";
import { LocalEventLog } from "./modules/delivery/counting/event-log/local-event-log";
import { ThreadWriter, WriterThreadEntry } from "./modules/delivery/counting/writer-thread";
import { EmailLinksService } from "./modules/email-links/email-links.service";
import { FundsService } from "./modules/funds/funds.service";
import { LedgerService } from "./modules/ledger/ledger.service";
import { Mailer } from "./modules/mail/mailer";
import { NotificationsService } from "./modules/notifications/notifications.service";
import { PayoutsService } from "./modules/payouts/payouts.service";
import { ReportReader } from "./modules/reports/report-reader";
import { ReportsService } from "./modules/reports/reports.service";
import { Scheduler } from "./modules/scheduler/scheduler";
import { IdempotencyKeys } from "./modules/idempotency/idempotency-keys";
import { StatementsService } from "./modules/statements/statements.service";
import { SitesService } from "./modules/sites/sites.service";
import { AdsTxtChecks } from "./modules/seller-identity/ads-txt-checks";
import { Sellers } from "./modules/seller-identity/sellers";
import { SessionsService } from "./modules/users/sessions.service";
import { UsersService } from "./modules/users/users.service";
import { UserAdminService } from "./modules/users/user-admin.service";
import { AuditService } from "./modules/audit/audit.service";
import { AuditLogService } from "./modules/audit/audit-log.service";
import { columnDisplay } from "./common/fields/field";
import { CAMPAIGN_COLUMNS } from "./modules/campaigns/campaign-history";
import { CREATIVE_FIELDS } from "./modules/creatives/creative-fields";
import { SITE_FIELDS } from "./modules/sites/site-fields";
import { ApiKeysService } from "./modules/api-keys/api-keys.service";
import { ExchangePartnersService } from "./modules/exchanges/exchange-partners.service";
import { PartnerDirectory } from "./modules/exchanges/partner-directory";
import { ExchangeVisitors } from "./modules/openrtb/exchange-visitors";
import { WebhookDispatcher } from "./modules/webhooks/webhook-dispatcher";
import { WebhooksService } from "./modules/webhooks/webhooks.service";
import { webhookOfNotification, writeWebhookEvent } from "./modules/webhooks/webhook-outbox";
import { TwoFactorService } from "./modules/two-factor/two-factor.service";
import { ZonesService } from "./modules/zones/zones.service";
import { AudiencesService } from "./modules/audiences/audiences.service";
import { AudiencePixel } from "./modules/delivery/audience-pixel/audience-pixel";
import { MemoryAudienceSizes, RedisAudienceSizes } from "./modules/audiences/audience-sizes";
import { trackingKey } from "./modules/delivery/counting/offer-token";
import { MediaService } from "./modules/media/media.service";
import { LocalMediaStorage } from "./modules/media/media-storage";
import { MediaRenditions } from "./modules/media/media-renditions";

/** The compiled worker under bin/; whoever runs the TypeScript sources passes their own. */
export const COMPILED_WRITER_THREAD: WriterThreadEntry = { file: join(__dirname, "bin", "writer-thread.worker.js"), execArgv: [] };

/**
 * The composition root: every service, built once per app and shared by both doors. With a Redis
 * connection, the counters that must agree across processes (budgets, single-use offers, rate
 * limits) live there and catalogue changes are announced there; without one, in this process.
 * Counted ad events are made durable in the event log (local files, or JetStream for several
 * processes) and written to the database by a thread of their own unless DELIVERY_WRITER=inline.
 */
export function createServices(
  dataSource: DataSource,
  config: Config,
  redis: Redis | null,
  log: Pick<FastifyBaseLogger, "warn" | "error">,
  writerThread: WriterThreadEntry = COMPILED_WRITER_THREAD,
  eventLog: () => Promise<EventLog> = () => openEventLog(config),
) {
  const rateLimiter: RateLimiterFactory = redis
    ? (limit) => new RedisRateLimiter(redis, config.redisPrefix, limit, log)
    : (limit) => new MemoryRateLimiter(limit);
  const ledger = new LedgerService(dataSource);
  const reports = new ReportsService(dataSource);
  // Links in e-mails start with PUBLIC_URL; without it (development only) with this server's own address.
  const linkOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
  const mailer = new Mailer(dataSource, { ...config.mail, production: config.production }, log);
  const events = new EventBus(log);
  const notifications = new NotificationsService(dataSource, mailer, linkOrigin, log);
  notifications.subscribeTo(events);
  const webhooks = new WebhooksService(dataSource, !config.webhooksAnyTarget);
  const webhookDispatcher = new WebhookDispatcher(dataSource, mailer, { publicTargetsOnly: !config.webhooksAnyTarget, origin: linkOrigin });
  notifications.onNotify(webhookOfNotification);
  const emailLinks = new EmailLinksService(dataSource, mailer, linkOrigin, rateLimiter, log);
  const audit = new AuditService(dataSource);
  const apiKeys = new ApiKeysService(dataSource, audit, config.accounts.apiKeysPerUser);
  const twoFactor = new TwoFactorService(dataSource, config.jwtSecret, rateLimiter, audit, config.accounts.adminTwoFactor === "required");
  const users = new UsersService(dataSource, config.jwtSecret, config.delivery.defaultRevenueShareBps, rateLimiter, new SessionsService(dataSource), config.registrationsPerIpPerHour, {
    twoFactor,
    apiKeys,
    audit,
    manualApproval: config.accounts.approval === "manual",
  });
  users.onRegistered((user) => emailLinks.sendVerification(user));
  const userAdmin = new UserAdminService(dataSource, audit, emailLinks);
  const sites = new SitesService(dataSource, reports, config.localhostSites, audit, notifications.notify);
  const zones = new ZonesService(dataSource, sites, reports);
  const audienceSizes = redis ? new RedisAudienceSizes(redis, config.redisPrefix) : new MemoryAudienceSizes();
  const audiences = new AudiencesService(dataSource, config.localhostSites, audienceSizes);
  const campaigns = new CampaignsService(dataSource, ledger, reports, config.minCampaignBudgetMicros, audit, campaignCreatives(dataSource, { audit, notify: notifications.notify }), notifications.notify, {
    siteNames: (domains) => sites.namesByDomain(domains),
    zoneNames: (ids) => zones.namesOf(ids),
  }, audiences);
  const mediaStorage = new LocalMediaStorage(config.mediaDir);
  const media = new MediaService(dataSource, mediaStorage, config.jwtSecret);
  const mediaRenditions = new MediaRenditions(dataSource, mediaStorage, log);
  media.onUploaded((file) => {
    if (file.renditionStatus === "pending") mediaRenditions.enqueue(file.id);
  });
  const creatives = new CreativesService(dataSource, campaigns, audit, notifications.notify, media);
  const payouts = new PayoutsService(dataSource, ledger, audit, config.accounts.requireIdentity, notifications.notify);
  const contact = new ContactService(dataSource, rateLimiter);
  const { limit, windowSeconds } = config.accounts.apiKeyRateLimit;
  const apiKeyRequests = rateLimiter({ name: "api-key", limit, windowMs: windowSeconds * 1000 });
  const statements = new StatementsService(dataSource, config.scheduler.statementsDelayMs, config.issuer);
  statements.onIssued((manager, { userId, ...statement }, nowMs) => writeWebhookEvent(manager, userId, "statement.issued", { type: "statement", ...statement }, { key: `statement.issued:${statement.id}`, nowMs }));
  const auditLog = new AuditLogService(audit, {
    user: { namesOf: (ids) => users.namesOf(ids) },
    site: { columns: columnDisplay(SITE_FIELDS), namesOf: (ids) => sites.namesOf(ids) },
    campaign: { columns: CAMPAIGN_COLUMNS, namesOf: (ids) => campaigns.namesOf(ids) },
    creative: { columns: columnDisplay(CREATIVE_FIELDS), namesOf: (ids) => creatives.namesOf(ids) },
  });
  const analytics = new ReportService(new ReportReader(dataSource), config.retention, { users, sites, zones, campaigns, creatives, countryName });
  const insights = new InsightsService(dataSource, config.retention, { sites, zones, countryName });
  const lookalikes = new LookalikeService(dataSource, insights, { campaigns, audiences });
  const campaignNews = new CampaignNews(dataSource, events, log);
  const targetingForecaster = new TargetingForecaster(
    dataSource,
    { findOwned: (advertiser, id, field) => campaigns.findOwned(advertiser, id, field), spendByCampaign: (ids) => ledger.spendByCampaign(ids) },
    config.delivery.defaultRevenueShareBps,
  );
  const placements = new PlacementExclusions(dataSource, audit);
  const delivery = new AdServer(dataSource, config, ledger, {
    state: redis ? new RedisDeliveryState(redis, config.redisPrefix, { connectTimeoutMs: config.timeouts.redisConnectMs, reconcileIntervalMs: config.delivery.reconcileIntervalMs, log }) : new MemoryDeliveryState(),
    writer: config.delivery.writer === "thread" ? new ThreadWriter(config, writerThread) : new InlineWriter(dataSource, config.retention),
    eventLog,
    catalogueNews: redis ? new RedisCatalogueNews(redis, config.redisPrefix) : null,
    campaignNews,
    optimisation: { placements, audit },
  });
  const exchangePartners = new ExchangePartnersService(dataSource, audit, new PartnerDirectory(dataSource));
  const exchangeVisitors = new ExchangeVisitors(trackingKey(config.jwtSecret));
  const audiencePixel = new AudiencePixel(trackingKey(config.jwtSecret), delivery.inventory, audienceSizes, log);
  const idempotencyKeys = new IdempotencyKeys(dataSource);
  const funds = new FundsService(
    dataSource,
    ledger,
    config.funds,
    (advertiserId) =>
      delivery.fundsChanged(advertiserId).catch((error) => log.warn({ err: error }, "could not tell the ad server of an advertiser's new funds; the next reload will")),
    audit,
    notifications.notify,
    { waitingOnFunds: (advertiser) => campaigns.countWaitingOnFunds(advertiser), budgetsLeft: (advertiser) => campaigns.budgetsLeft(advertiser) },
    idempotencyKeys,
  );
  const availability = new AvailabilityService(dataSource, targetingForecaster, reports);
  const booking = new BookingService(dataSource, campaigns, availability, idempotencyKeys, audit);
  const underDelivery = new UnderDelivery(dataSource, reports, availability);
  const dashboards = new DashboardsService(reports, ledger, { users, sites, campaigns, creatives, payouts, funds });
  const adsTxt = new AdsTxtChecks(dataSource, config.sellerIdentity, {
    production: config.production,
    userAgent: `AdNet-ads.txt-crawler/1.0 (+${linkOrigin}/sellers.json)`,
    ports: config.sellerIdentity.fetchPorts,
  });
  const sellers = new Sellers(dataSource, config.sellerIdentity);
  const scheduler = new Scheduler(dataSource, [statements.job(), funds.lowBalanceJob(notifications.send, () => campaigns.runningAdvertisers()), adsTxt.job(), webhookDispatcher.job(), idempotencyKeys.purgeJob()], {
    tickMs: config.scheduler.tickMs,
    leaseMs: config.scheduler.leaseMs,
    log,
  });
  return { exchangePartners, exchangeVisitors, events, campaignNews, audiences, audiencePixel, apiKeyRequests, audit, auditLog, apiKeys, webhooks, webhookDispatcher, twoFactor, userAdmin, ledger, reports, users, sites, zones, campaigns, media, mediaRenditions, creatives, payouts, contact, dashboards, analytics, insights, lookalikes, targetingForecaster, availability, booking, underDelivery, delivery, placements, funds, idempotencyKeys, mailer, emailLinks, notifications, statements, adsTxt, sellers, scheduler };
}

/** The local log unless EVENT_LOG=jetstream; either keeps applied events while their offers can be replayed. */
function openEventLog({ eventLog, delivery }: Config): Promise<EventLog> {
  const retainMs = delivery.offerTtlSeconds * 1000;
  return eventLog.kind === "jetstream"
    ? JetStreamEventLog.open({ natsUrl: eventLog.natsUrl, stream: eventLog.stream, retainMs })
    : LocalEventLog.open({ dir: eventLog.dir, groupCommitMs: eventLog.groupCommitMs, segmentBytes: eventLog.segmentBytes, retainMs });
}

export type Services = ReturnType<typeof createServices>;
