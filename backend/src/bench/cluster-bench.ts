/**
 * `npm run bench:cluster`: the cluster (nginx in front of app processes on MariaDB, Redis and
 * JetStream) on servers of the bench's own, under a steady load of ad requests, beacons and clicks
 * through nginx while, in turn, one app process is killed with -9, Redis restarts empty, MariaDB
 * hangs for 10 s behind a TCP proxy and the NATS server restarts. Each fault ends with the
 * acknowledged beacons compared with what the database counted, then the throughput through
 * nginx with 1, 2 and 4 processes. BENCH_CLUSTER_SECONDS sets the seconds of load around each fault.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConnection } from "mysql2/promise";
import { SERVER_NODE_FLAGS } from "../bin/server-node-flags";
import { Cluster } from "../cluster/cluster";
import { benchEnv, freePort } from "./bench-app";
import type { ClusterCatalogue } from "./cluster-catalogue";
import { ClusterLoad } from "./cluster-load";
import { FaultTally, formatFaultTable, formatThroughput, ThroughputRow } from "./cluster-report";
import { CountedBeacons } from "./cluster-tally";
import { FreezableProxy } from "./fault-scenarios";
import { PrivateServer, startPrivateMariaDb, startPrivateNats, startPrivateRedis } from "./private-servers";

const LOAD_SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS || 6);
const FREEZE_SECONDS = 10;
/** How long after a fault's end its failures still count as the fault being noticed. */
const NOTICE_SECONDS = 3;
const FAULT_CONCURRENCY = 16;
const THROUGHPUT_CONCURRENCY = 32;
const THROUGHPUT_SECONDS = 10;
const DATABASE = "adnet_cluster_bench";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Servers {
  mariadb: PrivateServer;
  redis: PrivateServer;
  nats: PrivateServer;
  /** In front of MariaDB for the app processes (not for the bench's own counting). */
  proxy: FreezableProxy;
  dataDir: string;
}

async function startServers(): Promise<Servers> {
  const [mariadb, redis, nats] = await Promise.all([startPrivateMariaDb(), startPrivateRedis(), startPrivateNats()]);
  const server = await createConnection({ uri: mariadb.url });
  await server.query(`CREATE DATABASE ${DATABASE} CHARACTER SET utf8mb4`);
  await server.end();
  const proxy = new FreezableProxy("127.0.0.1", mariadb.port);
  await proxy.listen();
  return { mariadb, redis, nats, proxy, dataDir: mkdtempSync(join(tmpdir(), "adnet-cluster-bench-")) };
}

async function startCluster(servers: Servers, processes: number): Promise<{ cluster: Cluster; nginxDir: string }> {
  const listenPort = await freePort();
  const nginxDir = mkdtempSync(join(tmpdir(), "adnet-cluster-bench-nginx-"));
  const cluster = new Cluster({
    app: { command: process.execPath, args: [...SERVER_NODE_FLAGS, join(__dirname, "..", "main.js")], cwd: join(__dirname, "..", "..") },
    env: {
      ...benchEnv({ dataDir: servers.dataDir, databaseUrl: `mysql://root@127.0.0.1:${servers.proxy.port}/${DATABASE}`, port: listenPort }),
      REDIS_URL: servers.redis.url,
      REDIS_PREFIX: "adnet-cluster-bench:",
      EVENT_LOG: "jetstream",
      NATS_URL: servers.nats.url,
      EVENT_LOG_STREAM: "adnet-cluster-bench",
      DELIVERY_REFRESH_MS: "200",
      // Refused beacons reach the database with the request counts: soon, so each phase finds its own.
      DELIVERY_COUNTS_FLUSH_MS: "500",
      LOG_LEVEL: "error",
      FRONTEND_DIR: join(tmpdir(), "adnet-no-frontend"),
    },
    processes,
    basePort: await freePortRun(processes),
    listenHost: "127.0.0.1",
    listenPort,
    dir: nginxDir,
    log: (line) => console.log(`  cluster: ${line}`),
  });
  await cluster.start();
  return { cluster, nginxDir };
}

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** The first of `count` consecutive free ports (the cluster's processes take basePort, basePort + 1, …). */
async function freePortRun(count: number): Promise<number> {
  for (;;) {
    const first = await freePort();
    const rest = await Promise.all(Array.from({ length: count - 1 }, (_, i) => listens(first + 1 + i)));
    if (rest.every(Boolean)) return first;
  }
}

interface Fault {
  name: string;
  /** Does the fault and resolves once it is over (the server is back, say). */
  run(servers: Servers, cluster: Cluster): Promise<void>;
}

const FAULTS: Fault[] = [
  {
    name: "kill -9 of one app process",
    async run(_servers, cluster) {
      const before = cluster.pids[0];
      process.kill(before, "SIGKILL");
      while (cluster.pids[0] === before) await sleep(50);
      await cluster.memberReady(0);
    },
  },
  { name: "Redis restarted empty", run: (servers) => servers.redis.restart("kill") },
  {
    name: `MariaDB frozen ${FREEZE_SECONDS} s`,
    async run(servers) {
      servers.proxy.freeze();
      await sleep(FREEZE_SECONDS * 1000);
      servers.proxy.thaw();
    },
  },
  { name: "NATS server restarted", run: (servers) => servers.nats.restart("stop") },
];

async function faultPhases(servers: Servers): Promise<{ rows: FaultTally[]; catalogue: ClusterCatalogue }> {
  const { cluster, nginxDir } = await startCluster(servers, 3);
  // The first process has made the database; the bench's own connection goes straight to MariaDB.
  const counted = await CountedBeacons.seed(`${servers.mariadb.url}/${DATABASE}`, servers.dataDir);
  try {
    const { catalogue } = counted;
    const load = new ClusterLoad(cluster.url, catalogue, FAULT_CONCURRENCY);
    await load.untilFilled();
    const rows: FaultTally[] = [];
    for (const fault of FAULTS) {
      console.log(`${fault.name}…`);
      load.phase();
      load.start();
      await sleep((LOAD_SECONDS * 1000) / 2);
      const noticing = { from: performance.now(), to: Infinity };
      load.figures.noticing = noticing;
      await fault.run(servers, cluster);
      noticing.to = performance.now() + NOTICE_SECONDS * 1000;
      await sleep((LOAD_SECONDS * 1000) / 2 + NOTICE_SECONDS * 1000);
      await load.stop();
      const figures = load.phase();
      rows.push({ fault: fault.name, figures, ...(await counted.afterDrain(cluster.ports, figures)) });
    }
    return { rows, catalogue };
  } finally {
    await counted.close();
    await cluster.stop();
    rmSync(nginxDir, { recursive: true, force: true });
  }
}

async function throughput(servers: Servers, catalogue: ClusterCatalogue, processes: number): Promise<ThroughputRow> {
  const { cluster, nginxDir } = await startCluster(servers, processes);
  try {
    const load = new ClusterLoad(cluster.url, catalogue, THROUGHPUT_CONCURRENCY);
    await load.untilFilled();
    load.start();
    await sleep(2000);
    load.phase();
    await sleep(THROUGHPUT_SECONDS * 1000);
    const figures = load.phase();
    await load.stop();
    return { processes, adRequestsPerSecond: figures.adRequests / figures.seconds, beaconsPerSecond: figures.beaconsAcknowledged / figures.seconds, unfilled: figures.unfilled, failed: figures.failed };
  } finally {
    await cluster.stop();
    rmSync(nginxDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const servers = await startServers();
  try {
    const faults = await faultPhases(servers);
    const rates: ThroughputRow[] = [];
    for (const processes of [1, 2, 4]) rates.push(await throughput(servers, faults.catalogue, processes));
    console.log("");
    const { lines, pass } = formatFaultTable(faults.rows);
    for (const line of [...lines, "", ...formatThroughput(rates)]) console.log(line);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await servers.proxy.close();
    await Promise.all([servers.mariadb, servers.redis, servers.nats].map((server) => server.close()));
    rmSync(servers.dataDir, { recursive: true, force: true });
  }
}

main()
  .catch((error: Error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => process.exit());
