import "reflect-metadata";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { FastifyInstance, FastifyRequest } from "fastify";
import type { DataSource } from "typeorm";
import { AppContext, bearerToken } from "./auth/context";
import type { Config } from "./config";
import { createDataSource, withoutQueryTimeout } from "./db/data-source";
import { DEMO_ADS_PATH } from "./db/seed";
import { withStartupLock } from "./db/startup-lock";
import { createApollo } from "./graphql/apollo";
import { graphqlRoutes } from "./graphql/http-status";
import { cdnCountryReader } from "./modules/delivery/request/cdn-country";
import { serveFrontend } from "./http/frontend";
import { healthRoute } from "./http/health";
import { loggerOptions, requestIdOf } from "./http/logger";
import { publicOriginOf, refuseMalformedHosts } from "./http/public-origin";
import { securityHeaders } from "./http/security-headers";
import { apiKeyRateLimit } from "./http/api-key-rate-limit";
import { ServeLane, serverWithServeLane } from "./http/lane-server";
import { serveLane } from "./modules/delivery/serve-lane";
import { bidderLane } from "./modules/openrtb/bidder-lane";
import { deliveryRoutes } from "./modules/delivery/delivery.routes";
import { audiencePixelRoutes } from "./modules/delivery/audience-pixel/audience-pixel.routes";
import { mediaFileRoutes } from "./modules/media/media-files.routes";
import { openrtbRoutes } from "./modules/openrtb/openrtb.routes";
import { usersyncRoutes } from "./modules/openrtb/usersync.routes";
import { sellersJsonRoutes } from "./modules/seller-identity/sellers-json.routes";
import type { EventLog } from "./modules/delivery/counting/event-log/event-log";
import type { WriterThreadEntry } from "./modules/delivery/counting/writer-thread";
import { OwnerLoader } from "./modules/owners/owner-loader";
import { fastifyTrustProxy } from "./proxy-trust";
import { closeRedis, openRedis } from "./redis";
import { restPlugin } from "./rest/rest.plugin";
import { runInAuditScope, setAuditActor } from "./modules/audit/audit-scope";
import { createServices, Services } from "./services";
import { Metrics } from "./modules/metrics/metrics";
import { metricsRoutes } from "./modules/metrics/metrics.routes";
import { graphqlMetricsPlugin } from "./modules/metrics/graphql-metrics";

const DEMO_ADS_DIR = join(__dirname, "..", "public", "demo-ads");
/** How long a stopping process lets its requests in flight finish, of the few seconds main.ts gives a stop. */
const IN_FLIGHT_MS = 2000;

export interface App {
  server: FastifyInstance;
  services: Services;
  dataSource: DataSource;
  /**
   * Starts scheduled work (when SCHEDULER is on): called by the caller once the database holds
   * what it should, so a month is never issued before the demo seed has written it.
   */
  startScheduler(): void;
  close(): Promise<void>;
}

export interface AppOptions {
  /** What the delivery writer thread runs: the compiled worker unless the caller runs the sources. */
  writerThread?: WriterThreadEntry;
  /** Where counted events are made durable, instead of the configured log: the serve bench measures what durability costs. */
  eventLog?: () => Promise<EventLog>;
}

/** Builds the whole product on one Fastify instance: /graphql, /api, /healthz and the frontend. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const dataSource = await createDataSource(config);
  await dataSource.initialize();

  let lane: ServeLane | null = null;
  const server = Fastify({
    logger: loggerOptions(config.logLevel),
    genReqId: requestIdOf,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A request that still reaches a stopping process is answered (with Connection: close), not
    // refused with a 503 the proxy in front may not try elsewhere.
    return503OnClosing: false,
    serverFactory: serverWithServeLane(() => lane),
  });
  securityHeaders(server, config.frontendDir);
  refuseMalformedHosts(server);
  const redis = config.redisUrl ? openRedis(config.redisUrl, config.timeouts, server.log) : null;
  const services = createServices(dataSource, config, redis, server.log, options.writerThread, options.eventLog);
  // Waiting for another process's migrations, and the migrations themselves, may take minutes.
  await withoutQueryTimeout(dataSource, () =>
    withStartupLock(dataSource, async () => {
      await dataSource.runMigrations({ transaction: "each" });
      if (config.admin) await services.users.ensureAdmin(config.admin.email, config.admin.password);
    }),
  );

  const publicOrigin = publicOriginOf(config);
  // Every request runs in a scope the audit log reads its actor and address from.
  server.addHook("onRequest", (request, reply, done) => {
    // The id the log knows the request by, for whoever reports a problem with it.
    reply.header("x-request-id", request.id);
    runInAuditScope(request.ip, done);
  });

  async function contextFor(request: FastifyRequest): Promise<AppContext> {
    const token = bearerToken(request.headers.authorization);
    const authentication = token ? await services.users.authenticate(token) : null;
    setAuditActor(authentication?.user ?? null);
    return {
      actor: authentication?.user ?? null,
      sessionId: authentication?.sessionId ?? null,
      limitation: authentication?.limitation ?? null,
      readOnly: authentication?.readOnly ?? false,
      ip: request.ip,
      origin: publicOrigin(request),
      services,
      owners: new OwnerLoader(services),
    };
  }

  let stopping = false;
  const metrics = new Metrics({ dataSource, tallies: () => services.delivery.tallies, scheduler: services.scheduler, redis });
  metricsRoutes(server, metrics, config.operations);
  healthRoute(server, {
    dataSource,
    redis: redis ? () => services.delivery.stateHealth() : null,
    backlog: () => services.delivery.tallies.backlog(),
    maxEventLagSeconds: config.operations.maxEventLagSeconds,
    accepting: () => !stopping,
  });

  // Counted before either door does any work for the key.
  const { limit, windowSeconds } = config.accounts.apiKeyRateLimit;
  apiKeyRateLimit(server, { limiter: services.apiKeyRequests, limit, windowSeconds });
  const apollo = await createApollo(server, config.production, [graphqlMetricsPlugin(metrics)]);
  graphqlRoutes(server, apollo, contextFor);

  await server.register(restPlugin, { prefix: "/api", contextFor });
  const cdnCountry = cdnCountryReader(config.delivery.countryHeader, config.trustProxy);
  await server.register(deliveryRoutes, { adServer: services.delivery, publicOrigin, cdnCountry });
  await server.register(audiencePixelRoutes, { pixel: services.audiencePixel });
  const bidder = {
    adServer: services.delivery,
    publicOrigin,
    cdnCountry,
    offerTtlSeconds: config.delivery.offerTtlSeconds,
    partners: services.exchangePartners.directory,
    visitors: services.exchangeVisitors,
  };
  await server.register(openrtbRoutes, bidder);
  await server.register(usersyncRoutes, { partners: services.exchangePartners.directory, visitors: services.exchangeVisitors });
  await server.register(mediaFileRoutes, { media: services.media });
  await server.register(sellersJsonRoutes, { sellers: services.sellers });
  // The demo creatives are the app's own files, so the demo shows its ads without internet.
  await server.register(fastifyStatic, { root: DEMO_ADS_DIR, prefix: `${DEMO_ADS_PATH}/`, decorateReply: false, maxAge: "1d" });
  await services.exchangePartners.directory.start(config.delivery.refreshIntervalMs);
  await services.delivery.start(server.log);
  const serve = serveLane({ adServer: services.delivery, publicOrigin, cdnCountry, trustProxy: config.trustProxy, log: server.log, observe: (statusCode, seconds) => metrics.observe("serve", statusCode, seconds) });
  const bids = bidderLane({ parts: bidder, trustProxy: config.trustProxy, log: server.log, observe: (statusCode, seconds) => metrics.observe("openrtb", statusCode, seconds) });
  lane = (request, response) => serve(request, response) || bids(request, response);
  await services.mediaRenditions.start();
  services.mailer.start();
  await serveFrontend(server, config.frontendDir);

  return {
    server,
    services,
    dataSource,
    startScheduler() {
      if (config.scheduler.enabled) services.scheduler.start();
    },
    async close() {
      stopping = true;
      // Idle keep-alive connections close at once, the others after their answer (Connection: close);
      // a request still unanswered after this bound is cut, so the event log is drained in time.
      const lingering = setTimeout(() => server.server.closeAllConnections(), IN_FLIGHT_MS);
      await server.close();
      clearTimeout(lingering);
      await services.scheduler.stop();
      // An approval's ads.txt check writes its outcome when it ends (within ADS_TXT_TIMEOUT_SECONDS).
      await services.adsTxt.settled();
      await services.mediaRenditions.stop();
      await services.delivery.stop();
      services.exchangePartners.directory.stop();
      await services.emailLinks.idle();
      await services.mailer.stop();
      if (redis) await closeRedis(redis);
      await apollo.stop();
      // A database that hangs must not hold the shutdown: every counted event is in the event log by now.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([dataSource.destroy(), new Promise((resolve) => (timer = setTimeout(resolve, 500)))]);
      clearTimeout(timer);
    },
  };
}
