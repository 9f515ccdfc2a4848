import "reflect-metadata";
import { createApp } from "../app";
import { loadConfig } from "../config";
import { HISTORY_PASSWORD } from "./history";
import { percentile } from "./percentile";

/**
 * `npm run bench:reports`: after `npm run seed:history`, times what the dashboards read, for the
 * largest publisher and advertiser of the history and for an admin, through GraphQL over HTTP:
 * 20 runs of each, p50 and p95. Point it at the database with DATABASE_URL (MariaDB for the
 * figures that count). It reads only, apart from making sure its admin account exists.
 */

const RUNS = 20;
const PASSWORD = HISTORY_PASSWORD;
const ADMIN = { email: "bench-admin@history.example", password: "bench-admin-password" };

const QUERIES: { name: string; role: "publisher" | "advertiser" | "admin"; query: string }[] = [
  { name: "publisherStats", role: "publisher", query: "{ publisherStats { impressions clicks ctr revenue fillRate monthOverMonth { impressions revenue fillRate } } }" },
  { name: "mySites (monthly impressions)", role: "publisher", query: "{ mySites { id monthlyImpressions } }" },
  { name: "myBalance", role: "publisher", query: "{ myBalance { earned available requested paid } }" },
  { name: "advertiserStats", role: "advertiser", query: "{ advertiserStats { impressions clicks ctr spend conversions monthOverMonth { spend } } }" },
  { name: "myCampaigns (with figures)", role: "advertiser", query: "{ myCampaigns { id impressions clicks ctr spend } }" },
  { name: "trafficQuality", role: "admin", query: "{ trafficQuality { impressions clicks invalidEvents byReason { reason events } } }" },
  { name: "adminStats", role: "admin", query: "{ adminStats { totalUsers monthlyRevenue monthlyRevenueChange } }" },
  { name: "targetingForecast (network)", role: "advertiser", query: '{ targetingForecast(input: { targetCountries: ["US", "DE"] }) { impressionsPerDay } }' },
  {
    name: "targetingForecast (rules)",
    role: "advertiser",
    query:
      '{ targetingForecast(input: { targeting: { siteCategories: { mode: EXCLUDE, values: ["sports"] }, dayParting: { timeZone: "Europe/Berlin", days: [1, 2, 3, 4, 5], hours: [8, 9, 10, 11, 12] }, devices: { mode: INCLUDE, values: ["mobile"] } } }) { impressionsPerDay } }',
  },
];

/** 90-day daily reports, as the Reports tabs ask for them. */
const NINETY_DAYS = (() => {
  const today = new Date();
  const from = new Date(today.getTime() - 89 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
})();
const report = (query: string, breakdown: string) =>
  `{ ${query}(input: { from: "${NINETY_DAYS.from}", to: "${NINETY_DAYS.to}", granularity: DAY, breakdown: ${breakdown} }) { totalRows totals { impressions } series { key impressions } rows { key label impressions } } }`;
QUERIES.push(
  { name: "90-day report by zone", role: "publisher", query: report("publisherReport", "ZONE") },
  { name: "90-day report by date", role: "publisher", query: report("publisherReport", "DATE") },
  { name: "90-day report by campaign", role: "advertiser", query: report("advertiserReport", "CAMPAIGN") },
  { name: "90-day network by publisher", role: "admin", query: report("networkReport", "PUBLISHER") },
);

async function main(): Promise<void> {
  const app = await createApp(loadConfig({ ...process.env, SEED_DEMO: "0", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "error" }));
  const url = `${await app.server.listen({ port: 0, host: "127.0.0.1" })}/graphql`;
  try {
    const call = async (query: string, token?: string) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query }),
      });
      const body = (await response.json()) as { data?: Record<string, any>; errors?: { message: string }[] };
      if (body.errors) throw new Error(`${query}: ${body.errors[0].message}`);
      return body.data!;
    };
    const largest = async (sql: string) => ((await app.dataSource.query(sql)) as { email: string }[])[0]?.email;
    const publisher = await largest(
      "SELECT u.email AS email FROM users u JOIN sites s ON s.publisher_id = u.id JOIN ad_zones z ON z.site_id = s.id " +
        "WHERE u.email LIKE '%@history.example' GROUP BY u.id, u.email ORDER BY COUNT(*) DESC LIMIT 1",
    );
    const advertiser = await largest(
      "SELECT u.email AS email FROM users u JOIN campaigns c ON c.advertiser_id = u.id WHERE u.email LIKE '%@history.example' GROUP BY u.id, u.email ORDER BY COUNT(*) DESC LIMIT 1",
    );
    if (!publisher || !advertiser) throw new Error("No history in this database: run npm run seed:history first.");
    const login = async (email: string, password: string) =>
      (await call(`mutation { login(input: { email: ${JSON.stringify(email)}, password: ${JSON.stringify(password)} }) { accessToken } }`)).login.accessToken as string;
    const tokens = { publisher: await login(publisher, PASSWORD), advertiser: await login(advertiser, PASSWORD), admin: await login(ADMIN.email, ADMIN.password) };
    const [history] = await app.dataSource.query("SELECT COUNT(*) AS n FROM stat_facts");
    const [ledger] = await app.dataSource.query("SELECT COUNT(*) AS n FROM ledger_entries");
    console.log(`${app.dataSource.options.type}: ${history.n} rows of totals, ${ledger.n} ledger entries; largest publisher ${publisher}, largest advertiser ${advertiser}`);
    console.log(`${"query".padEnd(32)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}`);
    for (const { name, role, query } of QUERIES) {
      await call(query, tokens[role]);
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await call(query, tokens[role]);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(32)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}`);
    }
    const csvTimes: number[] = [];
    let csvBytes = 0;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const response = await fetch(`${url.replace(/\/graphql$/, "")}/api/admin/reports.csv?from=${NINETY_DAYS.from}&to=${NINETY_DAYS.to}&breakdown=publisher`, {
        headers: { authorization: `Bearer ${tokens.admin}` },
      });
      csvBytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok) throw new Error(`CSV export answered ${response.status}`);
      csvTimes.push(performance.now() - started);
    }
    csvTimes.sort((a, b) => a - b);
    console.log(`${"90-day CSV, network by publisher".padEnd(32)} ${percentile(csvTimes, 50).toFixed(1).padStart(8)} ${percentile(csvTimes, 95).toFixed(1).padStart(8)}  (${csvBytes} bytes, 5 runs)`);
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
