import "reflect-metadata";
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { fastifyApolloHandler } from "@as-integrations/fastify";
import Fastify, { FastifyInstance, FastifyRequest } from "fastify";
import type { DataSource } from "typeorm";
import { AppContext, bearerToken } from "./auth/context";
import type { Config } from "./config";
import { createDataSource } from "./db/data-source";
import { createApollo } from "./graphql/apollo";
import { deliveryRoutes } from "./modules/delivery/delivery.routes";
import type { WriterThreadEntry } from "./modules/delivery/writer-thread";
import { closeRedis, openRedis } from "./redis";
import { restPlugin } from "./rest/rest.plugin";
import { createServices, Services } from "./services";

export interface App {
  server: FastifyInstance;
  services: Services;
  dataSource: DataSource;
  close(): Promise<void>;
}

export interface AppOptions {
  /** What the delivery writer thread runs: the compiled worker unless the caller runs the sources. */
  writerThread?: WriterThreadEntry;
}

/** Builds the whole product on one Fastify instance: /graphql, /api, /healthz and the frontend. */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const dataSource = await createDataSource(config);
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: "each" });

  const server = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy, bodyLimit: 1024 * 1024 });
  const redis = config.redisUrl ? openRedis(config.redisUrl, server.log) : null;
  const services = createServices(dataSource, config, redis, server.log, options.writerThread);
  if (config.admin) await services.users.ensureAdmin(config.admin.email, config.admin.password);

  /** Where the ad server answers: PUBLIC_URL behind a proxy or CDN, else the origin the request reached. */
  const publicOrigin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  async function contextFor(request: FastifyRequest): Promise<AppContext> {
    const token = bearerToken(request.headers.authorization);
    return {
      actor: token ? await services.users.userForToken(token) : null,
      ip: request.ip,
      origin: publicOrigin(request),
      services,
    };
  }

  server.get("/healthz", async (_request, reply) => {
    try {
      await dataSource.query("SELECT 1");
      return { status: "ok" };
    } catch {
      return reply.code(503).send({ status: "unavailable" });
    }
  });

  const apollo = await createApollo(server, config.production);
  server.route({ url: "/graphql", method: ["GET", "POST", "OPTIONS"], handler: fastifyApolloHandler(apollo, { context: contextFor }) });

  await server.register(restPlugin, { prefix: "/api", contextFor });
  await server.register(deliveryRoutes, { adServer: services.delivery, publicOrigin });
  await services.delivery.start(server.log);
  await serveFrontend(server, config.frontendDir);

  return {
    server,
    services,
    dataSource,
    async close() {
      await server.close();
      await services.delivery.stop();
      if (redis) await closeRedis(redis);
      await apollo.stop();
      await dataSource.destroy();
    },
  };
}

/** The built single-page app, with every unknown GET that wants HTML answered by its index. */
async function serveFrontend(server: FastifyInstance, root: string): Promise<void> {
  const index = join(root, "index.html");
  const hasFrontend = existsSync(index);
  if (hasFrontend) await server.register(fastifyStatic, { root, wildcard: false, preCompressed: true });
  server.setNotFoundHandler((request, reply) => {
    if (hasFrontend && request.method === "GET" && request.headers.accept?.includes("text/html")) {
      return reply.type("text/html").sendFile("index.html");
    }
    return reply.code(404).send({ detail: "Not Found" });
  });
}
