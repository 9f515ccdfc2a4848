import "reflect-metadata";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { createDataSource } from "../db/data-source";
import { HISTORY_PASSWORD, Options, seedHistory } from "./history";

/**
 * `npm run seed:history -- --days 90 --zones 1000 --campaigns 100`: a network with a past, for the
 * reports bench and for trying the dashboards at size, on SQLite or on MySQL by `DATABASE_URL`.
 * The largest publisher and advertiser sign in with the password printed at the end.
 */

function options(): Options {
  const { values } = parseArgs({
    options: {
      days: { type: "string", default: "90" },
      zones: { type: "string", default: "1000" },
      campaigns: { type: "string", default: "100" },
      "rows-per-hour": { type: "string", default: "2400" },
      seed: { type: "string", default: "1" },
    },
  });
  const whole = (name: keyof typeof values, min: number) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
    return value;
  };
  return { days: whole("days", 1), zones: whole("zones", 10), campaigns: whole("campaigns", 10), rowsPerHour: whole("rows-per-hour", 1), seed: whole("seed", 0) };
}

async function main(): Promise<void> {
  const settings = options();
  const dataSource = await createDataSource(loadConfig());
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: "each" });
  const started = Date.now();
  try {
    const { network, written } = await seedHistory(dataSource, settings, (day) => process.stdout.write(`day ${day} at ${((Date.now() - started) / 1000).toFixed(0)} s\n`));
    console.log(`\nWrote ${settings.days} days of traffic for ${network.zones.length} zones and ${network.campaigns.length} campaigns in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    console.log(`  ${written.rows} hourly rows, ${written.impressions} impressions, ${written.clicks} clicks, $${(written.spendMicros / 1_000_000).toFixed(2)} spent`);
    console.log(`  largest publisher ${network.logins.publisher}, largest advertiser ${network.logins.advertiser}, password ${HISTORY_PASSWORD}`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
