import { liveAd, type LiveAd, recordCounts } from "../../../test/ad-fixtures";
import { campaign as campaignEntry, candidate, seeded } from "../../../test/decision-fixtures";
import { startTestApp, type TestApp } from "../../../test/test-app";
import { DIURNAL, simulateDay, type TrafficZone } from "../../../test/traffic-simulation";
import { PacingMode, PricingModel } from "../campaigns/campaign.entity";
import { loadTrafficCurve } from "../delivery/learning/traffic-curve";
import { HOUR_MS, reportCalendar } from "../reports/grains";
import { RateModel } from "../delivery/learning/rate-prediction";
import { campaignTallies } from "../delivery/learning/rate-tallies";
import { compileTargeting, parseTargeting, targetingText } from "../targeting/targeting-rules";

/**
 * The forecast measured against the ad server's own decisions: two weeks of history seeded in the
 * read model, the forecast read from it through GraphQL, then the next day's traffic, shaped as the
 * history was, run through decide against the live campaign it competes with.
 */

const COUNTRIES = { US: 0.6, DE: 0.3, FR: 0.1 };
const ZONE_REQUESTS = { open: 30_000, floored: 20_000 };
/** The live competitor's impressions and clicks a day in the history: what its click rate is read from. */
const RIVAL_HISTORY = { impressions: 10_000, clicks: 20 };
const FORECAST = `query($input: TargetingForecastInput!) { targetingForecast(input: $input) { impressionsPerDay basis clicksPerDay spendPerDay spendBasis } }`;

let t: TestApp;
let rival: LiveAd;
let floored: number;
const nowMs = Date.now();
const today = reportCalendar().dateOf(nowMs);
const inDays = (days: number) => reportCalendar().dateOf(reportCalendar().dateStart(today, days));

beforeAll(async () => {
  t = await startTestApp();
  // The competitor: $6 CPM, its $60 daily cap buys 10,000 of the network's 50,000 requests a day.
  rival = await liveAd(t, { cpm: 6, budget: 10_000, dailyCap: 60 });
  floored = Number((await t.gql(`mutation($input: CreateAdZoneInput!) { createAdZone(input: $input) { id } }`, {
    input: { siteId: rival.site.id, name: "Header", width: 300, height: 250, format: "banner", position: "header" },
  }, rival.publisher.token)).data!.createAdZone.id);
  // Its floor of $4 is above a $5 CPM's 70% share ($3.50), below a $6 one's ($4.20).
  await t.gql(`mutation { updateAdZone(id: ${floored}, input: { floor: 4 }) { id } }`, {}, rival.publisher.token);
  const history = [];
  for (let day = 1; day <= 14; day++) {
    const dayStart = reportCalendar().dateStart(today, -day);
    for (let hour = 0; hour < 24; hour++) {
      for (const [zoneId, requests] of [[rival.zoneId, ZONE_REQUESTS.open], [floored, ZONE_REQUESTS.floored]]) {
        for (const [country, share] of Object.entries(COUNTRIES)) {
          history.push({ hour: new Date(dayStart + hour * HOUR_MS), zoneId, country, requests: Math.round((requests * share * DIURNAL[hour]) / DIURNAL.reduce((a, b) => a + b)) });
        }
      }
    }
    history.push({ hour: new Date(dayStart + 12 * HOUR_MS), zoneId: rival.zoneId, campaignId: rival.campaignId, requests: 0, ...RIVAL_HISTORY });
  }
  await recordCounts(t, history);
  await t.app.services.delivery.inventory.reload();
});
afterAll(() => t.close());

/** Tomorrow's traffic, as the history had it, through the ad server's decisions: the new campaign (id 0) against the live one. */
async function deliveredDay(input: { targetCountries: string[]; targeting: Record<string, unknown>; campaign: Record<string, unknown> }, { ecpmMicros, ctr }: { ecpmMicros: number; ctr: number }) {
  const inventory = t.app.services.delivery.inventory;
  const zoneOf = (id: number, requestsADay: number): TrafficZone => {
    const zone = inventory.zone(id)!;
    return { id, siteId: zone.siteId, requestsADay, countries: COUNTRIES, controls: { floorMicros: zone.floorMicros, revenueShareBps: zone.revenueShareBps, blocks: null } };
  };
  const bidMicros = Number(input.campaign.bid) * 1_000_000;
  const entry = campaignEntry(999_999, {
    advertiserId: 999_999,
    pricingModel: input.campaign.pricingModel as PricingModel,
    bidMicros,
    ecpmMicros,
    budgetMicros: Number(input.campaign.budget) * 1_000_000,
    dailyCapMicros: input.campaign.dailyCap ? Number(input.campaign.dailyCap) * 1_000_000 : null,
    pacing: PacingMode.EVEN,
    countries: input.targetCountries.length ? new Set(input.targetCountries) : null,
    ...compileTargeting(targetingText(parseTargeting(input.targeting))),
    startDate: today,
    endDate: String(input.campaign.endDate),
  });
  const competitor = inventory.campaign(rival.campaignId)!;
  const rivalCandidate = { ...candidate(competitor), creatives: [inventory.creative(rival.creativeId)!] };
  return simulateDay({
    day: today,
    dayStartMs: reportCalendar().dateStart(today),
    zones: [zoneOf(rival.zoneId, ZONE_REQUESTS.open), zoneOf(floored, ZONE_REQUESTS.floored)],
    candidates: [candidate(entry), rivalCandidate],
    curve: await loadTrafficCurve(t.app.dataSource, nowMs),
    random: seeded(11),
    clickRate: (id) => (id === entry.id ? ctr : 0),
  }).get(entry.id)!;
}

async function forecastOf(input: Record<string, unknown>) {
  const result = await t.gql(FORECAST, { input }, rival.advertiser.token);
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data!.targetingForecast as { impressionsPerDay: number; basis: string; clicksPerDay: number; spendPerDay: number; spendBasis: string };
}

const within = (forecast: number, delivered: number) => Math.abs(forecast - delivered) / delivered;

function report(name: string, rows: [figure: string, forecast: number, delivered: number][], basis: string) {
  const lines = rows.map(([figure, forecast, delivered]) => `  ${figure.padEnd(12)} forecast ${forecast.toFixed(1).padStart(10)}  delivered ${delivered.toFixed(1).padStart(10)}  off ${(within(forecast, delivered) * 100).toFixed(1)}%`);
  console.log(`${name}\n${lines.join("\n")}\n  basis: ${basis}`);
}

it("narrows the reach by the day-part in proportion to the network's hourly curve: Saturday, Sunday and 00-06 unticked", async () => {
  const everyHour = await forecastOf({});
  const weekdays = await forecastOf({ targeting: { dayParting: { timeZone: "UTC", days: [1, 2, 3, 4, 5], hours: Array.from({ length: 17 }, (_, index) => index + 7) } } });
  // 10 of the 14 days are weekdays, and 07:00-23:59 holds this share of each day's requests.
  const hoursShare = DIURNAL.slice(7).reduce((a, b) => a + b) / DIURNAL.reduce((a, b) => a + b);
  console.log(`Day-parting: ${everyHour.impressionsPerDay} a day on every hour, ${weekdays.impressionsPerDay} on weekdays 07:00-23:59 (${((weekdays.impressionsPerDay / everyHour.impressionsPerDay) * 100).toFixed(1)}%)`);
  expect(weekdays.impressionsPerDay / everyHour.impressionsPerDay).toBeCloseTo((10 / 14) * hoursShare, 2);
  expect(weekdays.basis).toContain(`the day-part holds ${Math.round((10 / 14) * hoursShare * 100)}% of the network's hourly traffic`);
});

it("forecasts a day-parted CPM campaign in two countries within 20% of what it delivers against a floor and a higher bidder", async () => {
  const input = {
    targetCountries: ["US", "DE"],
    targeting: { dayParting: { timeZone: "UTC", days: [1, 2, 3, 4, 5, 6, 7], hours: Array.from({ length: 17 }, (_, index) => index + 7) } },
    campaign: { pricingModel: "CPM", bid: 5, budget: 5_000, pacing: "EVEN", startDate: today, endDate: inDays(29) },
  };
  const forecast = await forecastOf(input);
  const delivered = await deliveredDay(input, { ecpmMicros: 5_000_000, ctr: 0 });
  report("CPM $5, US and DE, 07:00-23:59", [["impressions", forecast.impressionsPerDay, delivered.impressions], ["spend ($)", forecast.spendPerDay, delivered.spend / 1e6]], forecast.basis);
  expect(forecast.basis).toContain("zone floors above this bid keep it from 40% of them; 1 competing campaign wins 20% at this bid");
  expect(within(forecast.impressionsPerDay, delivered.impressions)).toBeLessThan(0.2);
  expect(within(forecast.spendPerDay, delivered.spend / 1e6)).toBeLessThan(0.2);
});

it("forecasts an evenly paced campaign whose day-part closes at 17:00 at what pacing has released by then, within 20%", async () => {
  // $1,500 over 30 days is $50 a day, more than the day-part could spend were it all released by 17:00.
  const input = {
    targetCountries: ["US", "DE"],
    targeting: { dayParting: { timeZone: "UTC", days: [1, 2, 3, 4, 5, 6, 7], hours: Array.from({ length: 10 }, (_, index) => index + 7) } },
    campaign: { pricingModel: "CPM", bid: 5, budget: 1_500, pacing: "EVEN", startDate: today, endDate: inDays(29) },
  };
  const forecast = await forecastOf(input);
  const delivered = await deliveredDay(input, { ecpmMicros: 5_000_000, ctr: 0 });
  report("CPM $5, US and DE, 07:00-16:59, $50 a day", [["impressions", forecast.impressionsPerDay, delivered.impressions], ["spend ($)", forecast.spendPerDay, delivered.spend / 1e6]], forecast.basis);
  expect(forecast.basis).toContain("released by the day-part's last hour");
  expect(within(forecast.impressionsPerDay, delivered.impressions)).toBeLessThan(0.2);
  expect(within(forecast.spendPerDay, delivered.spend / 1e6)).toBeLessThan(0.2);
});

it("forecasts a CPC campaign capped at $80 a day at $80 and its clicks at spend over bid, within 20% of the day it delivers", async () => {
  const input = { targetCountries: [], targeting: {}, campaign: { pricingModel: "CPC", bid: 5, budget: 5_000, dailyCap: 80, pacing: "EVEN", startDate: today, endDate: inDays(29) } };
  const forecast = await forecastOf(input);
  // The auction prices a new campaign at its category's predicted click rate, from the rates the learning loop reads.
  const rates = new RateModel(await campaignTallies(t.app.dataSource, nowMs));
  const prediction = rates.predict({ id: 0, pricingModel: PricingModel.CPC, bidMicros: 5_000_000, category: "general" });
  const delivered = await deliveredDay(input, prediction);
  report(
    "CPC $5, capped at $80 a day",
    [["impressions", forecast.impressionsPerDay, delivered.impressions], ["clicks", forecast.clicksPerDay, delivered.clicks], ["spend ($)", forecast.spendPerDay, delivered.spend / 1e6]],
    forecast.basis,
  );
  expect(forecast.spendPerDay).toBe(80);
  expect(forecast.clicksPerDay).toBeCloseTo(80 / 5, 0);
  expect(forecast.spendBasis).toBe("$5 per click, up to the daily cap of $80.");
  for (const [figure, value] of [[forecast.impressionsPerDay, delivered.impressions], [forecast.clicksPerDay, delivered.clicks], [forecast.spendPerDay, delivered.spend / 1e6]]) {
    expect(within(figure, value)).toBeLessThan(0.2);
  }
});
