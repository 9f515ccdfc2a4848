/**
 * Fault scenarios against real app processes: a steady beacon load, then a `kill -9`, a SIGTERM
 * while the database is away, or a kill of one of two processes sharing a JetStream log. Each
 * ends with every acknowledged beacon compared with what the database counted. Used by the fault
 * tests (running the sources) and by `npm run bench:faults` (running the build).
 */
import "reflect-metadata";
import { ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, Server, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConnection } from "mysql2/promise";
import type { DataSource } from "typeorm";
import { Role } from "../auth/roles";
import { Campaign, CampaignStatus } from "../modules/campaigns/campaign.entity";
import { Creative, CreativeStatus } from "../modules/creatives/creative.entity";
import { JetStreamEventLog } from "../modules/delivery/counting/event-log/jetstream-event-log";
import { LedgerKind } from "../modules/ledger/ledger-entry.entity";
import { LedgerService } from "../modules/ledger/ledger.service";
import { Site, SiteStatus } from "../modules/sites/site.entity";
import { User } from "../modules/users/user.entity";
import { AdZone } from "../modules/zones/ad-zone.entity";
import { createDataSource } from "../db/data-source";
import { freePort } from "./bench-app";
import { dailySums } from "../modules/reports/fact-sums";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const DOMAIN = "news.faults.example";
const BUDGET_MICROS = 1_000_000 * 1_000_000;
const CONCURRENCY = 16;

/** How to run the app's own start-up (main) in a process: node arguments and working folder. */
export interface AppCommand {
  args: string[];
  cwd: string;
  /** Extra environment, such as DELIVERY_WRITER=inline where the writer thread's script is not built. */
  env?: Record<string, string>;
}

export interface FaultRow {
  scenario: string;
  sent: number;
  acknowledged: number;
  inDatabase: number;
  lost: number;
  duplicated: number;
  overspendMicros: number;
  /** Acknowledged beacons sent again after the fault and refused as replays: all of them, when each was counted and its claim kept. */
  replaysRefused: number;
  /** Anything else measured, such as how long a stop took. */
  note?: string;
}

export function formatRow(row: FaultRow): string {
  return (
    `${row.scenario}: sent ${row.sent} / acknowledged ${row.acknowledged} / in database ${row.inDatabase} / ` +
    `lost ${row.lost} / duplicated ${row.duplicated} / overspend ${row.overspendMicros} micros${row.note ? ` (${row.note})` : ""}`
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database of its own: a SQLite folder, or a database on the MySQL/MariaDB server. */
export interface FaultDatabase {
  /** What the app processes get. */
  env: Record<string, string>;
  open(): Promise<DataSource>;
  drop(): Promise<void>;
}

export async function faultDatabase(mysqlServerUrl: string | null): Promise<FaultDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-faults-"));
  if (!mysqlServerUrl) {
    return {
      env: { DATA_DIR: dataDir },
      open: async () => (await createDataSource({ databaseUrl: null, dataDir })).initialize(),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `adnet_faults_${process.pid}_${randomBytes(3).toString("hex")}`;
  const run = async (sql: string) => {
    const server = await createConnection({ uri: mysqlServerUrl });
    await server.query(sql);
    await server.end();
  };
  await run(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  const databaseUrl = `${mysqlServerUrl.replace(/\/+$/, "")}/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: async () => (await createDataSource({ databaseUrl, dataDir })).initialize(),
    drop: async () => {
      await run(`DROP DATABASE IF EXISTS \`${name}\``);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app process: started, waited for, killed or stopped, and started again on the same port. */
export class AppProcess {
  private child: ChildProcess | null = null;
  private output = "";
  readonly url: string;

  constructor(
    private readonly command: AppCommand,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    this.output = "";
    const child = spawn(process.execPath, this.command.args, {
      cwd: this.command.cwd,
      env: {
        ...process.env,
        JWT_SECRET: "fault-secret-that-is-long-enough-for-hs256-signing",
        SEED_DEMO: "0",
        LOG_LEVEL: "warn",
        FRONTEND_DIR: join(tmpdir(), "adnet-no-frontend"),
        IP_IMPRESSIONS_PER_MINUTE: "10000000",
        IP_REQUESTS_PER_MINUTE: "10000000",
        DELIVERY_REFRESH_MS: "200",
        ...this.command.env,
        ...this.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk) => (this.output += chunk));
    child.stderr!.on("data", (chunk) => (this.output += chunk));
    this.child = child;
    for (let waited = 0; waited < 90_000; waited += 100) {
      if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}: ${this.output}`);
      if ((await fetch(`${this.url}/healthz`).catch(() => null))?.ok) return;
      await sleep(100);
    }
    throw new Error(`the app did not answer /healthz: ${this.output}`);
  }

  /** Sends the signal and resolves with how long the process took to exit. */
  async signal(signal: NodeJS.Signals): Promise<number> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return 0;
    const started = performance.now();
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill(signal);
    await exited;
    return performance.now() - started;
  }

  get log(): string {
    return this.output;
  }
}

/** Zone and campaign of one advertiser's campaign on one publisher's site. */
export async function seedOneCampaign(dataSource: DataSource): Promise<{ zoneId: number; campaignId: number }> {
  const users = dataSource.getRepository(User);
  const user = (role: Role) => ({ email: `${role}-${randomBytes(3).toString("hex")}@faults.example`, fullName: `Fault ${role}`, role, passwordHash: "-" });
  const publisher = await users.save(user(Role.PUBLISHER));
  const advertiser = await users.save(user(Role.ADVERTISER));
  // Paid in far beyond the budget: the scenarios stop at the campaign's budget, not at the advertiser's funds.
  await new LedgerService(dataSource).append([{ userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros: 100 * BUDGET_MICROS, memo: "Fault test funds" }]);
  const site = await dataSource
    .getRepository(Site)
    .save({ publisherId: publisher.id, domain: DOMAIN, name: "Fault news", category: "news", description: "Fault test site", status: SiteStatus.APPROVED });
  const zone = await dataSource.getRepository(AdZone).save({ siteId: site.id, name: "Top", width: 300, height: 250, format: "banner", position: "content" });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const campaign = await dataSource.getRepository(Campaign).save({
    advertiserId: advertiser.id,
    name: "Fault campaign",
    budgetMicros: BUDGET_MICROS,
    bidMicros: 2_000_000,
    targetCountries: [],
    startDate: day(-1),
    endDate: day(30),
    status: CampaignStatus.ACTIVE,
  });
  await dataSource.getRepository(Creative).save({
    campaignId: campaign.id,
    name: "Banner",
    type: "image",
    contentUrl: "https://cdn.faults.example/banner.png",
    clickUrl: "https://shop.faults.example/",
    width: 300,
    height: 250,
    status: CreativeStatus.APPROVED,
  });
  return { zoneId: zone.id, campaignId: campaign.id };
}

/**
 * Visitors asking each app for an ad and sending its impression beacon, as fast as answers come.
 * An acknowledged beacon is one answered 204; each is kept with the app that answered it.
 */
export class BeaconLoad {
  sent = 0;
  readonly acknowledged: string[] = [];
  /** Beacons whose answer never came (the process died with them in flight): counted or not, either is right. */
  unanswered = 0;
  /** Beacons answered with anything but 204. */
  failed = 0;
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly apps: AppProcess[],
    private readonly zoneId: number,
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: CONCURRENCY }, (_, n) => this.loop(this.apps[n % this.apps.length]));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Waits until the app fills this zone (its inventory has loaded the seeded campaign). */
  static async untilFilled(app: AppProcess, zoneId: number): Promise<void> {
    for (let waited = 0; waited < 30_000; waited += 100) {
      const answer = await serve(app, zoneId).catch(() => null);
      if (answer) return;
      await sleep(100);
    }
    throw new Error("the app never filled the zone");
  }

  private async loop(app: AppProcess): Promise<void> {
    while (this.running) {
      const beacon = await serve(app, this.zoneId).catch(() => null);
      if (!beacon) {
        await sleep(20);
        continue;
      }
      this.sent++;
      const response = await fetch(beacon, { method: "POST", headers: { "user-agent": BROWSER } }).catch(() => null);
      if (response?.status === 204) this.acknowledged.push(beacon);
      else if (response) this.failed++;
      else this.unanswered++;
    }
  }
}

async function serve(app: AppProcess, zoneId: number): Promise<string | null> {
  const page = encodeURIComponent(`https://${DOMAIN}/story`);
  const response = await fetch(`${app.url}/serve?zone=${zoneId}&page=${page}`, { headers: { "user-agent": BROWSER } });
  const answer = (await response.json()) as { fill: boolean; impressionUrl?: string };
  return answer.fill ? answer.impressionUrl! : null;
}

/**
 * Sends every beacon again, to the process `to` names (the one that acknowledged it unless given):
 * each was counted once, so each must now be refused as a replay.
 */
async function replay(beacons: string[], to: (beacon: string) => string = (beacon) => beacon): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < beacons.length) await fetch(to(beacons[next++]), { method: "POST", headers: { "user-agent": BROWSER } }).catch(() => null);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function tally(database: FaultDatabase, campaignId: number, scenario: string, load: BeaconLoad, note?: string): Promise<FaultRow> {
  const dataSource = await database.open();
  try {
    const row = await dailySums(dataSource, "campaign", campaignId);
    const inDatabase = row.impressions;
    const [replays] = await dataSource.query(
      "SELECT COALESCE(SUM(count), 0) AS refused FROM invalid_traffic WHERE campaign_id = ? AND event = 'impression' AND reason = 'replay'",
      [campaignId],
    );
    const acknowledged = load.acknowledged.length;
    const notes = [`${Number(replays.refused)} of ${acknowledged} sent again refused as replays`, `${load.unanswered} in flight when a process died`, ...(load.failed ? [`${load.failed} answered with an error`] : []), ...(note ? [note] : [])];
    return {
      scenario,
      sent: load.sent,
      acknowledged,
      inDatabase,
      lost: Math.max(0, acknowledged - inDatabase),
      // A beacon in flight when its process died may have been made durable without its answer getting out.
      duplicated: Math.max(0, inDatabase - acknowledged - load.unanswered),
      overspendMicros: Math.max(0, row.spendMicros - BUDGET_MICROS),
      replaysRefused: Number(replays.refused),
      note: notes.join(", "),
    };
  } finally {
    await dataSource.destroy();
  }
}

/** Seeds through a connection of its own once the first app has migrated the database. */
async function seed(database: FaultDatabase): Promise<{ zoneId: number; campaignId: number }> {
  const dataSource = await database.open();
  try {
    return await seedOneCampaign(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

export interface ScenarioOptions {
  command: AppCommand;
  /** The MySQL/MariaDB server (no database in the URL), or null for the embedded SQLite database. */
  mysqlServerUrl: string | null;
  /** Seconds of load before and after the fault. */
  loadSeconds?: number;
}

/** `kill -9` of the one app under load, restart, every acknowledged beacon sent again. */
export async function killNineScenario({ command, mysqlServerUrl, loadSeconds = 1.5 }: ScenarioOptions): Promise<FaultRow> {
  const database = await faultDatabase(mysqlServerUrl);
  const logDir = mkdtempSync(join(tmpdir(), "adnet-faults-log-"));
  const app = new AppProcess(command, await freePort(), { ...database.env, EVENT_LOG_DIR: logDir });
  try {
    await app.start();
    const { zoneId, campaignId } = await seed(database);
    await BeaconLoad.untilFilled(app, zoneId);
    const load = new BeaconLoad([app], zoneId);
    load.start();
    await sleep(loadSeconds * 1000);
    await app.signal("SIGKILL");
    await app.start();
    await sleep(loadSeconds * 1000);
    await load.stop();
    await replay(load.acknowledged);
    await app.signal("SIGTERM");
    return await tally(database, campaignId, `kill -9 (local log, ${mysqlServerUrl ? "MariaDB" : "SQLite"})`, load);
  } finally {
    await app.signal("SIGKILL");
    await database.drop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

/**
 * A TCP proxy in front of the database that can be frozen: it stops passing bytes and holds every
 * connection open without an answer (a database that hangs, the worst case for a shutdown), then
 * thaws and passes them again.
 */
export class FreezableProxy {
  private server: Server | null = null;
  private frozen = false;
  private readonly pairs = new Set<[Socket, Socket]>();
  private readonly held = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async listen(): Promise<void> {
    this.server = createServer((client) => {
      if (this.frozen) {
        this.held.add(client);
        client.on("error", () => undefined);
        client.pause();
        return;
      }
      const upstream = new Socket();
      upstream.connect(this.targetPort, this.targetHost);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Nothing passes any more; new connections are accepted and never answered. */
  freeze(): void {
    this.frozen = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** The database is back: held connections are dropped (their state is unknown) and new ones pass. */
  thaw(): void {
    this.frozen = false;
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    for (const client of this.held) client.destroy();
    this.held.clear();
  }

  async close(): Promise<void> {
    this.thaw();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** SIGTERM while the database hangs: bounded exit, every acknowledged beacon written by the next start. */
export async function sigtermOutageScenario({ command, mysqlServerUrl, loadSeconds = 1.5 }: ScenarioOptions & { mysqlServerUrl: string }): Promise<FaultRow> {
  const database = await faultDatabase(mysqlServerUrl);
  const server = new URL(mysqlServerUrl);
  const proxy = new FreezableProxy(server.hostname, Number(server.port || 3306));
  await proxy.listen();
  const proxied = new URL(database.env.DATABASE_URL);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  const logDir = mkdtempSync(join(tmpdir(), "adnet-faults-log-"));
  const app = new AppProcess(command, await freePort(), { ...database.env, DATABASE_URL: proxied.toString(), EVENT_LOG_DIR: logDir });
  try {
    await app.start();
    const { zoneId, campaignId } = await seed(database);
    await BeaconLoad.untilFilled(app, zoneId);
    const load = new BeaconLoad([app], zoneId);
    load.start();
    await sleep(loadSeconds * 1000);
    proxy.freeze();
    await sleep(loadSeconds * 1000);
    // Beacons are still answered while the database hangs: they only need the log.
    const stopping = app.signal("SIGTERM");
    await load.stop();
    const stopMs = await stopping;
    proxy.thaw();
    await app.start();
    await replay(load.acknowledged);
    await app.signal("SIGTERM");
    return await tally(database, campaignId, "SIGTERM while the database hangs (local log, MariaDB)", load, `exit ${(stopMs / 1000).toFixed(1)} s after SIGTERM`);
  } finally {
    await app.signal("SIGKILL");
    await proxy.close();
    await database.drop();
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** Two processes on one JetStream log: one is killed with -9 under load and restarted. */
export async function jetStreamScenario({ command, mysqlServerUrl, loadSeconds = 1.5, natsUrl }: ScenarioOptions & { natsUrl: string }): Promise<FaultRow> {
  const database = await faultDatabase(mysqlServerUrl);
  const stream = `adnet-faults-${process.pid}-${randomBytes(3).toString("hex")}`;
  const env = { ...database.env, EVENT_LOG: "jetstream", NATS_URL: natsUrl, EVENT_LOG_STREAM: stream };
  const apps = [new AppProcess(command, await freePort(), env), new AppProcess(command, await freePort(), env)];
  try {
    await apps[0].start();
    await apps[1].start();
    const { zoneId, campaignId } = await seed(database);
    for (const app of apps) await BeaconLoad.untilFilled(app, zoneId);
    const load = new BeaconLoad(apps, zoneId);
    load.start();
    await sleep(loadSeconds * 1000);
    await apps[0].signal("SIGKILL");
    await apps[0].start();
    await sleep(loadSeconds * 1000);
    await load.stop();
    // Each beacon goes to the other process than the one that counted it, as a load balancer may send it:
    // without Redis, the log itself keeps the claims cluster-wide.
    await replay(load.acknowledged, (beacon) => (beacon.startsWith(apps[0].url) ? beacon.replace(apps[0].url, apps[1].url) : beacon.replace(apps[1].url, apps[0].url)));
    await Promise.all(apps.map((app) => app.signal("SIGTERM")));
    return await tally(database, campaignId, `kill -9 of one of two processes (JetStream log, ${mysqlServerUrl ? "MariaDB" : "SQLite"})`, load);
  } finally {
    await Promise.all(apps.map((app) => app.signal("SIGKILL")));
    await JetStreamEventLog.deleteStream(natsUrl, stream);
    await database.drop();
  }
}
