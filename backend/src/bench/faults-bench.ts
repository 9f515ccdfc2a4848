/**
 * `npm run bench:faults`: the fault scenarios against the built app (dist/main.js), each ending
 * with sent / acknowledged / in database / lost / duplicated / overspend / sent again refused as replay. The embedded SQLite
 * database always; with MYSQL_URL (a server, no database), MariaDB and the SIGTERM-during-outage
 * scenario; with NATS reachable (NATS_URL, default nats://127.0.0.1:4222), two processes on a
 * JetStream log. BENCH_FAULT_SECONDS sets the seconds of load before and after each fault.
 */
import { Socket } from "node:net";
import { join } from "node:path";
import { AppCommand, FaultRow, formatRow, jetStreamScenario, killNineScenario, sigtermOutageScenario } from "./fault-scenarios";

const command: AppCommand = { args: [join(__dirname, "..", "main.js")], cwd: join(__dirname, "..", "..") };
const MYSQL_URL = process.env.MYSQL_URL || null;
const NATS_URL = process.env.NATS_URL || "nats://127.0.0.1:4222";
const loadSeconds = Number(process.env.BENCH_FAULT_SECONDS || 3);

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once("connect", () => resolve(true)).once("error", () => resolve(false)).once("timeout", () => resolve(false));
    socket.connect(Number(port || 4222), hostname, () => socket.end());
  });
}

async function main(): Promise<void> {
  const rows: FaultRow[] = [];
  const run = async (scenario: () => Promise<FaultRow>) => {
    const row = await scenario();
    console.log(formatRow(row));
    rows.push(row);
  };
  const databases = [null, ...(MYSQL_URL ? [MYSQL_URL] : [])];
  for (const mysqlServerUrl of databases) await run(() => killNineScenario({ command, mysqlServerUrl, loadSeconds }));
  if (MYSQL_URL) await run(() => sigtermOutageScenario({ command, mysqlServerUrl: MYSQL_URL, loadSeconds }));
  else console.log("MYSQL_URL unset: no SIGTERM-during-outage scenario (it cuts a proxy in front of MariaDB)");
  if (await answers(NATS_URL)) {
    for (const mysqlServerUrl of databases) await run(() => jetStreamScenario({ command, mysqlServerUrl, loadSeconds, natsUrl: NATS_URL }));
  } else console.log(`nothing answers at ${NATS_URL}: no JetStream scenario`);

  console.log("");
  const header = ["scenario", "sent", "acknowledged", "in database", "lost", "duplicated", "overspend µ$", "sent again refused as replay"];
  const table = rows.map((row) =>
    [row.scenario, row.sent, row.acknowledged, row.inDatabase, row.lost, row.duplicated, row.overspendMicros, `${row.replaysRefused} of ${row.acknowledged}`].map(String),
  );
  const widths = header.map((cell, i) => Math.max(cell.length, ...table.map((cells) => cells[i].length)));
  for (const cells of [header, ...table]) console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  const clean = rows.every((row) => row.lost === 0 && row.duplicated === 0 && row.overspendMicros === 0 && row.replaysRefused === row.acknowledged);
  console.log(clean ? "lost 0, duplicated 0, overspend 0, every beacon sent again refused as a replay: PASS" : "FAIL");
  process.exitCode = clean ? 0 : 1;
}

void main();
