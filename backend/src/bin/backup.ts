import "reflect-metadata";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { backUp } from "../modules/backup/backup";

/**
 * `npm run backup -- --out DIR [--with-secrets]`: a consistent backup of the deployment the
 * environment configures (database, event log, uploaded files), while it runs, into a new folder.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: "string" }, "with-secrets": { type: "boolean", default: false } } });
  if (!values.out) throw new Error("usage: npm run backup -- --out DIR [--with-secrets]");
  const manifest = await backUp(loadConfig(), resolve(values.out), { withSecrets: values["with-secrets"] });
  const { database, eventLog, media, secrets } = manifest;
  console.log(`Backup in ${resolve(values.out)}, of AdNet ${manifest.appVersion} (migration ${database.migration}):`);
  console.log(`  database: ${database.engine === "sqlite" ? "SQLite " : ""}${database.serverVersion}, ${database.file.bytes} bytes`);
  const held = eventLog.last >= eventLog.first ? `positions ${eventLog.first} to ${eventLog.last}` : `no events, next position ${eventLog.first}`;
  console.log(`  event log ${eventLog.id}: ${held}, ${eventLog.unapplied} not yet in the database`);
  console.log(`  media: ${media.length} files; signing secret ${secrets.length > 0 ? "included" : "not included (carry JWT_SECRET over yourself)"}`);
}

main().catch((error) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
