/**
 * The decision's own cost, in process, at 100, 1,000 and 10,000 campaigns of the bench's mix over
 * the same 10,000 zones: the targeting request read from the visitor, the index lookup by shape,
 * country and device, eligibility (targeting, pacing, caps, funds) and the lottery. No HTTP, no
 * signing, no counting: what grows with the number of campaigns, if anything does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../app";
import { loadConfig } from "../config";
import { consentOf } from "../modules/consent/consent";
import type { Visit } from "../modules/delivery/request/visit";
import type { RequestSignals } from "../modules/targeting/request-context";
import { BENCH_JWT_SECRET } from "./bench-app";
import { benchAudienceIds, seedBenchInventory } from "./bench-inventory";
import { MemoryEventLog } from "./memory-event-log";
import { BENCH_VISITORS, benchMembershipsCookie } from "./request-mix";

const CAMPAIGN_COUNTS = [100, 1_000, 10_000];
const WARM_UP = 20_000;
const DECISIONS = 200_000;

interface Sample {
  zoneId: number;
  country: string;
  visit: Visit;
  signals: RequestSignals;
}

async function costAt(campaigns: number): Promise<{ nanoseconds: number; filled: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "adnet-decision-"));
  const app = await createApp(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: BENCH_JWT_SECRET, SEED_DEMO: "0", NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1" }), {
    eventLog: async () => new MemoryEventLog(),
  });
  try {
    const zones = await seedBenchInventory(app.dataSource, campaigns);
    const audienceIds = await benchAudienceIds(app.dataSource);
    const adServer = app.services.delivery;
    await adServer.inventory.reload();
    const samples: Sample[] = zones.slice(0, 5_000).map((zone, n) => {
      const visitor = BENCH_VISITORS[n % BENCH_VISITORS.length];
      const page = `https://${zone.domain}/article`;
      return {
        zoneId: zone.id,
        country: visitor.country,
        visit: { ip: "203.0.113.5", userAgent: visitor.userAgent, cdnCountry: visitor.country, page, origin: undefined, referer: page, history: { cookie: undefined, page: undefined, withheld: false, shown: undefined }, memberships: benchMembershipsCookie(n, audienceIds, BENCH_JWT_SECRET), consent: consentOf({}) },
        signals: { userAgent: visitor.userAgent, hints: { mobile: undefined, platform: undefined, brands: undefined }, acceptLanguage: visitor.language, language: visitor.language, keywords: visitor.keywords },
      };
    });
    const entries = samples.map((sample) => ({ ...sample, zone: adServer.inventory.zone(sample.zoneId)! }));
    const now = Date.now();
    let filled = 0;
    for (let i = 0; i < WARM_UP; i++) {
      const { zone, country, visit, signals } = entries[i % entries.length];
      adServer.decideFor(zone, country, visit, signals, now);
    }
    const started = process.hrtime.bigint();
    for (let i = 0; i < DECISIONS; i++) {
      const { zone, country, visit, signals } = entries[i % entries.length];
      if (adServer.decideFor(zone, country, visit, signals, now)) filled++;
    }
    const nanoseconds = Number(process.hrtime.bigint() - started) / DECISIONS;
    return { nanoseconds, filled: filled / DECISIONS };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function printDecisionCost(): Promise<void> {
  console.log(`decision cost in process (${DECISIONS.toLocaleString("en-US")} decisions over ${BENCH_VISITORS.length} kinds of visitor, 10,000 zones):`);
  const costs: number[] = [];
  for (const campaigns of CAMPAIGN_COUNTS) {
    const { nanoseconds, filled } = await costAt(campaigns);
    costs.push(nanoseconds);
    console.log(`  ${campaigns.toLocaleString("en-US").padStart(6)} campaigns: ${(nanoseconds / 1000).toFixed(2)} µs a decision, ${(filled * 100).toFixed(0)}% filled`);
  }
  const growth = costs[costs.length - 1] / costs[0];
  console.log(`  100× the campaigns costs ${growth.toFixed(1)}× per decision (target: far from proportional) ${growth < 10 ? "PASS" : "FAIL"}`);
}
