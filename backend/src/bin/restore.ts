import "reflect-metadata";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { restore } from "../modules/backup/restore";

/**
 * `npm run restore -- --from DIR`: restores a backup into the empty new deployment the environment
 * configures; it refuses, changing nothing, if the database, event log or media folder holds anything.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  if (!values.from) throw new Error("usage: npm run restore -- --from DIR");
  const { manifest, todo } = await restore(loadConfig(), resolve(values.from));
  console.log(`Restored the backup of ${manifest.finishedAt} (AdNet ${manifest.appVersion}, migration ${manifest.database.migration}):`);
  console.log(`  ${manifest.eventLog.unapplied} events not yet in the database are applied when the app starts; ${manifest.media.length} media files.`);
  if (todo) console.log(`Before starting the app: ${todo}`);
}

main().catch((error) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
