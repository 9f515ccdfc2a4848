import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConnection } from "mysql2/promise";
import { advertiserStats, type LiveAd, liveAd, publisherStats } from "../../../test/ad-fixtures";
import { pngOf, postFile } from "../../../test/media-fixtures";
import { engine, startTestApp, type TestApp } from "../../../test/test-app";
import { beacon, BEHIND_PROXY, from, refusals, serveTo } from "../../../test/visitor-fixtures";
import { loadConfig } from "../../config";
import { JetStreamEventLog } from "../delivery/counting/event-log/jetstream-event-log";
import { booksAgree } from "../ledger/books";
import { backUp } from "./backup";
import { databaseInUse } from "./database-copy";
import { restore } from "./restore";

declare const TEST_MYSQL_URL: string;

const BACKEND = join(__dirname, "..", "..", "..");

const NATS_URL = process.env.TEST_NATS_URL || "nats://127.0.0.1:4222";
const unique = () => `${process.pid}-${randomBytes(3).toString("hex")}`;
const folders: string[] = [];
const streams: string[] = [];
const databases: string[] = [];
const folder = () => {
  folders.push(mkdtempSync(join(tmpdir(), "adnet-restore-")));
  return folders[folders.length - 1];
};

afterAll(async () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  for (const stream of streams) await JetStreamEventLog.deleteStream(NATS_URL, stream);
  if (databases.length === 0) return;
  const server = await createConnection({ uri: TEST_MYSQL_URL });
  for (const name of databases) await server.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await server.end();
});

/** An event log and a media folder that never held anything: a stream never used, empty folders. */
function emptyFiles(kind: "local" | "jetstream"): Record<string, string> {
  const log: Record<string, string> = kind === "jetstream" ? { EVENT_LOG: "jetstream", NATS_URL, EVENT_LOG_STREAM: streams[streams.push(`adnet-restore-${unique()}`) - 1] } : { EVENT_LOG_DIR: folder() };
  return { ...log, MEDIA_DIR: folder() };
}

/** A new deployment with nothing in it: no database yet, and empty files. */
function emptyDeployment(kind: "local" | "jetstream"): Record<string, string> {
  if (engine === "sqlite") return { DATA_DIR: folder(), ...emptyFiles(kind) };
  const name = `adnet_restore_${unique().replace("-", "_")}`;
  databases.push(name);
  return { DATABASE_URL: `${TEST_MYSQL_URL.replace(/\/+$/, "")}/${name}`, ...emptyFiles(kind) };
}

/** What the publisher and the advertiser see; the conversion pixel's link names the host the app answers on. */
async function reports(t: TestApp, ad: LiveAd) {
  await t.app.services.delivery.flush();
  const advertiser = await advertiserStats(t, ad.advertiser);
  return {
    publisher: await publisherStats(t, ad.publisher),
    advertiser: { ...advertiser, campaigns: advertiser.campaigns.map(({ conversionPixelUrl: _link, ...campaign }: Record<string, unknown>) => campaign) },
  };
}

async function ledgerAgrees(t: TestApp): Promise<boolean> {
  return (await t.app.services.ledger.checkTotals()).length === 0 && booksAgree(await t.app.services.ledger.checkBooks());
}

// A stream written out is read back by the local log too: the backup's format is the local log's.
describe.each([
  ["local", "local"],
  ["jetstream", "jetstream"],
  ["jetstream", "local"],
] as const)("from the %s event log into the %s one", (kind, targetKind) => {
  it("restores a running deployment into an empty one that shows the same reports, books that agree, its media, and refuses a target in use or a damaged backup", async () => {
    // Written once a minute: the impressions shown last are still only in the event log when the backup is taken.
    const source = await startTestApp({ ...BEHIND_PROXY, ...emptyFiles(kind), DELIVERY_FLUSH_MS: "60000" });
    try {
      const ad = await liveAd(source);
      const uploaded = await postFile(`${source.url}/api/advertiser/media`, ad.advertiser.token, await pngOf(300, 250), "banner.png", "image/png");
      expect(uploaded.status).toBe(201);

      const visitors = [1, 2, 3, 4, 5].map((n) => from(`203.0.113.${n}`));
      const offers = await Promise.all(visitors.map((visitor) => serveTo(source, ad, visitor)));
      for (const n of [0, 1, 2]) expect((await beacon(offers[n].impressionUrl, visitors[n])).status).toBe(204);
      expect((await fetch(offers[0].clickUrl, { redirect: "manual", headers: visitors[0] })).headers.get("location")).toContain("adnet_click=");
      await source.app.services.delivery.flush();
      for (const n of [3, 4]) expect((await beacon(offers[n].impressionUrl, visitors[n])).status).toBe(204);

      const backupDir = join(folder(), "backup");
      const manifest = await backUp(source.config, backupDir);
      expect({ unapplied: manifest.eventLog.unapplied, media: manifest.media.length, secrets: manifest.secrets.length }).toEqual({ unapplied: 2, media: 1, secrets: 0 });
      const counted = await reports(source, ad);
      expect(counted.publisher.impressions).toBe(5);

      const targetEnv = emptyDeployment(targetKind);
      const target = loadConfig({ JWT_SECRET: source.config.jwtSecret, ...targetEnv });
      expect((await restore(target, backupDir)).todo).toMatch(/^the backup holds no signing secret/);
      const restored = await startTestApp({ ...BEHIND_PROXY, ...targetEnv });
      try {
        expect(await reports(restored, ad)).toEqual(counted);
        expect(await ledgerAgrees(restored)).toBe(true);
        const media = await fetch(`${restored.url}${uploaded.body.url}`);
        expect({ status: media.status, bytes: (await media.arrayBuffer()).byteLength }).toEqual({ status: 200, bytes: uploaded.body.bytes });
        // The restored log still knows the offers it counted: shown again there, an impression is a replay.
        await beacon(offers[4].impressionUrl.replace(source.url, restored.url), visitors[4]);
        expect((await refusals(restored))["impression:replay"]).toBe(1);

        await expect(restore(target, backupDir)).rejects.toThrow(/only into an empty new deployment.*Nothing was changed/);
        expect(await reports(restored, ad)).toEqual(counted);
      } finally {
        await restored.close();
      }

      // A new database beside a media folder in use: refused before the database is touched.
      const halfUsed = loadConfig({ JWT_SECRET: source.config.jwtSecret, ...emptyDeployment(targetKind), MEDIA_DIR: source.config.mediaDir });
      await expect(restore(halfUsed, backupDir)).rejects.toThrow(/holds uploaded files\. Nothing was changed/);
      expect(await databaseInUse(halfUsed)).toBeNull();
      if (halfUsed.eventLog.kind === "local") expect(readdirSync(halfUsed.eventLog.dir)).toEqual([]);

      await expect(backUp(source.config, backupDir)).rejects.toThrow(/is not empty: a backup goes into a new folder/);
      writeFileSync(join(backupDir, manifest.media[0].path), "not the uploaded picture");
      const fresh = loadConfig({ JWT_SECRET: source.config.jwtSecret, ...emptyDeployment(targetKind) });
      await expect(restore(fresh, backupDir)).rejects.toThrow(/^media\/\w+\.png in the backup is missing or differs from its checksum: the backup is damaged$/);
      expect(await databaseInUse(fresh)).toBeNull();
    } finally {
      await source.close();
    }
  }, 120_000);
});

/** One of the operator's commands (src/bin), run from the sources in a process of its own. */
function runBin(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const command = [process.execPath, "--require", join(BACKEND, "test", "register-ts.cjs"), join(BACKEND, "src", "bin", `${name}.ts`), ...args];
  return new Promise((resolve) => {
    execFile(command[0], command.slice(1), { cwd: BACKEND, env: { PATH: process.env.PATH ?? "", ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

it("npm run backup --with-secrets and npm run restore, as an operator runs them: the signing secret carried over, check:ledger passing, a second restore refused", async () => {
  const files = emptyFiles("local");
  const source = await startTestApp({ ...BEHIND_PROXY, ...files, DELIVERY_FLUSH_MS: "60000" });
  const sourceEnv = { ...source.databaseEnv, ...files, JWT_SECRET: source.config.jwtSecret };
  const backupDir = join(folder(), "backup");
  try {
    const ad = await liveAd(source);
    const visitor = from("198.51.100.9");
    expect((await beacon((await serveTo(source, ad, visitor)).impressionUrl, visitor)).status).toBe(204);
    const backedUp = await runBin("backup", ["--out", backupDir, "--with-secrets"], sourceEnv);
    expect(backedUp).toMatchObject({ code: 0, output: expect.stringContaining("1 not yet in the database") });
    expect(backedUp.output).toContain("signing secret included");

    // The embedded database keeps its generated secret beside it; a MariaDB deployment is given JWT_SECRET.
    const targetEnv = emptyDeployment("local");
    const targetSecret: Record<string, string> = engine === "sqlite" ? {} : { JWT_SECRET: source.config.jwtSecret };
    const restored = await runBin("restore", ["--from", backupDir], { ...targetEnv, ...targetSecret });
    expect(restored).toEqual({ code: 0, output: expect.stringContaining("1 events not yet in the database are applied when the app starts") });
    expect(restored.output).not.toContain("Before starting the app");
    if (engine === "sqlite") expect(readFileSync(join(targetEnv.DATA_DIR, "jwt-secret"), "utf8")).toBe(source.config.jwtSecret);

    const target = await startTestApp({ ...BEHIND_PROXY, ...targetEnv, JWT_SECRET: targetSecret.JWT_SECRET ?? "" });
    try {
      // The publisher's session from before the backup still signs them in.
      expect((await publisherStats(target, ad.publisher)).impressions).toBe(1);
    } finally {
      await target.close();
    }
    expect(await runBin("check-ledger", [], { ...targetEnv, ...targetSecret })).toMatchObject({ code: 0, output: expect.stringContaining("Books check: every transaction balances") });
    expect(await runBin("restore", ["--from", backupDir], { ...targetEnv, ...targetSecret })).toEqual({ code: 1, output: expect.stringContaining("Restore failed: a backup is restored only into an empty new deployment") });
  } finally {
    await source.close();
  }
}, 120_000);
