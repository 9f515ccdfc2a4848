import { BROWSER_UA, liveAd, LiveAd, recordCounts } from "../../../test/ad-fixtures";
import { Account, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

const IPHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Asks for an ad as the tag does, with the query the tag adds and the headers a browser sends. */
async function serve(ad: LiveAd, query = "", headers: Record<string, string> = {}) {
  const response = await fetch(`${t.url}/serve?zone=${ad.zoneId}&page=${encodeURIComponent(ad.page)}${query}`, { headers: { "user-agent": BROWSER_UA, ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function fills(ad: LiveAd, query = "", headers: Record<string, string> = {}): Promise<boolean> {
  const { status, body } = await serve(ad, query, headers);
  expect(status).toBe(200);
  return body.fill === true && body.creative.id === ad.creativeId;
}

const FORECAST = `query($input: TargetingForecastInput!) { targetingForecast(input: $input) { impressionsPerDay basis } }`;

describe("the forecast, from the read model of the last 14 days", () => {
  let ad: LiveAd;
  const forecast = async (input: Record<string, unknown>) => {
    const result = await t.gql(FORECAST, { input }, ad.advertiser.token);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!.targetingForecast as { impressionsPerDay: number; basis: string };
  };

  beforeAll(async () => {
    ad = await liveAd(t);
    const dayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    // 2,000 requests over three days: 1,600 from the US, 1,400 of them at 10:00 UTC.
    await recordCounts(t, [
      { hour: new Date(dayStart - DAY_MS + 10 * HOUR_MS), zoneId: ad.zoneId, country: "US", requests: 1000 },
      { hour: new Date(dayStart - 2 * DAY_MS + 10 * HOUR_MS), zoneId: ad.zoneId, country: "DE", requests: 400 },
      { hour: new Date(dayStart - 3 * DAY_MS + 22 * HOUR_MS), zoneId: ad.zoneId, country: "US", requests: 600 },
      // Older than the 14 days: not counted.
      { hour: new Date(dayStart - 20 * DAY_MS), zoneId: ad.zoneId, country: "US", requests: 9000 },
    ]);
  });

  it("estimates a day's requests of the network, narrowed by countries and the day-part's share of the hourly curve", async () => {
    expect(await forecast({})).toEqual({ impressionsPerDay: 667, basis: "Based on 3 days of requests on 1 site in 2 countries." });
    expect(await forecast({ targetCountries: ["US"] })).toMatchObject({ impressionsPerDay: 533, basis: "Based on 3 days of requests on 1 site in 1 country." });
    expect(await forecast({ targeting: { dayParting: { timeZone: "UTC", days: [1, 2, 3, 4, 5, 6, 7], hours: [10] } } })).toEqual({
      impressionsPerDay: 467,
      basis: "Based on 3 days of requests on 1 site in 2 countries; the day-part holds 70% of the network's hourly traffic.",
    });
  });

  it("applies the assumed device share, reads sites and zones from their own totals, and answers the same through REST", async () => {
    const mobile = await forecast({ targeting: { devices: { mode: "INCLUDE", values: ["mobile"] } } });
    expect(mobile).toEqual({ impressionsPerDay: 373, basis: expect.stringContaining("device, system, browser and language shares are network averages") });
    expect(await forecast({ targeting: { sites: { mode: "INCLUDE", values: [ad.site.domain] }, siteCategories: { mode: "INCLUDE", values: ["news"] } } })).toMatchObject({ impressionsPerDay: 667 });
    expect(await forecast({ targeting: { sites: { mode: "EXCLUDE", values: [ad.site.domain] } } })).toMatchObject({ impressionsPerDay: 0, basis: expect.stringContaining("on 0 sites") });
    expect((await forecast({ targeting: { siteCategories: { mode: "INCLUDE", values: ["sports"] } } })).impressionsPerDay).toBe(0);
    expect(await forecast({ targeting: { zones: { mode: "INCLUDE", values: [String(ad.zoneId)] } } })).toMatchObject({ impressionsPerDay: 667, basis: expect.stringContaining("on 1 site in") });
    expect((await forecast({ targeting: { zones: { mode: "INCLUDE", values: [String(ad.zoneId + 1000)] } } })).impressionsPerDay).toBe(0);
    expect((await forecast({ targeting: { zones: { mode: "EXCLUDE", values: [String(ad.zoneId)] } } })).impressionsPerDay).toBe(0);
    const rest = await t.rest("POST", "/advertiser/targeting-forecast", {
      token: ad.advertiser.token,
      body: { target_countries: ["US"], targeting: { day_parting: { time_zone: "UTC", days: [1, 2, 3, 4, 5, 6, 7], hours: [22] } } },
    });
    // Countries and hours are taken as independent: 2,000 × 80% × 30% over 3 days.
    expect(rest).toMatchObject({ status: 200, body: { impressions_per_day: 160 } });
  });

  it("forecasts what a priced campaign wins against the live one, within its cap, and when its budget runs out, through both doors", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
    const FULL = `query($input: TargetingForecastInput!) { targetingForecast(input: $input) { impressionsPerDay basis clicksPerDay spendPerDay spendBasis budgetRunsOutOn runOutBasis } }`;
    const priced = (bid: number) => ({ pricingModel: "CPM", bid, budget: 20, dailyCap: 2, pacing: "ASAP", startDate: today, endDate: inDays(30) });
    // The fixture's live campaign bids $4 CPM with money for every request: a $10 bid wins all 667, and its $2 cap buys 200.
    const result = await t.gql(FULL, { input: { campaign: priced(10) } }, ad.advertiser.token);
    expect(result.data?.targetingForecast).toEqual({
      impressionsPerDay: 200,
      basis: "Based on 3 days of requests on 1 site in 2 countries; 1 competing campaign wins 0% at this bid; the daily cap of $2 buys 200 of the 667 it could win.",
      clicksPerDay: expect.any(Number),
      spendPerDay: 2,
      spendBasis: "$10 per thousand impressions, up to the daily cap of $2.",
      budgetRunsOutOn: inDays(9),
      runOutBasis: `The $20 budget at $2 a day lasts 10 days from ${new Date().toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" })}.`,
    });
    // A $1 bid is outbid on every request the live campaign is there for.
    expect(await forecast({ campaign: priced(1) })).toMatchObject({ impressionsPerDay: 0, basis: expect.stringContaining("1 competing campaign wins 100% at this bid") });
    // Edited, the live campaign does not compete with itself; another advertiser's is not found.
    expect(await forecast({ campaign: priced(1), campaignId: ad.campaignId })).toMatchObject({ impressionsPerDay: 667, basis: "Based on 3 days of requests on 1 site in 2 countries." });
    const other = await signUp(t, "advertiser");
    const refused = await t.gql(FULL, { input: { campaign: priced(1), campaignId: ad.campaignId } }, other.token);
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "NOT_FOUND" } });
    const rest = await t.rest("POST", "/advertiser/targeting-forecast", {
      token: ad.advertiser.token,
      body: { campaign: { pricing_model: "cpm", bid: 10, budget: 20, daily_cap: 2, pacing: "asap", start_date: today, end_date: inDays(30) } },
    });
    expect(rest).toMatchObject({ status: 200, body: { impressions_per_day: 200, spend_per_day: 2, budget_runs_out_on: inDays(9) } });
  });

  it("refuses impossible targeting naming the field, through both doors", async () => {
    const result = await t.gql(FORECAST, { input: { targeting: { dayParting: { timeZone: "UTC", days: [1], hours: [] } } } }, ad.advertiser.token);
    expect(result.errors?.[0]).toMatchObject({ message: "Day-parting: pick at least one hour", extensions: { code: "BAD_USER_INPUT", field: "targeting.dayParting" } });
    const rest = await t.rest("POST", "/advertiser/targeting-forecast", { token: ad.advertiser.token, body: { targeting: { day_parting: { time_zone: "Nowhere/City", days: [1], hours: [1] } } } });
    expect(rest).toMatchObject({ status: 422, body: { detail: "Day-parting: pick a time zone such as Europe/Berlin" } });
  });
});

describe("delivery by targeting", () => {
  it("never serves a mobile-only campaign to a desktop browser, and serves it to a phone or a browser whose client hints say mobile", async () => {
    const ad = await liveAd(t, { targeting: { devices: { mode: "include", values: ["mobile"] } } });
    for (let i = 0; i < 5; i++) expect(await fills(ad)).toBe(false);
    expect(await fills(ad, "", { "user-agent": IPHONE_UA })).toBe(true);
    expect(await fills(ad, "", { "sec-ch-ua-mobile": "?1", "sec-ch-ua-platform": '"Android"' })).toBe(true);
    expect(await fills(ad, "", { "sec-ch-ua-mobile": "??", "sec-ch-ua": "{not a list" })).toBe(false);
  });

  it("serves a keyword campaign to pages with a wanted keyword and none excluded; a malformed list never fails the request", async () => {
    const ad = await liveAd(t, { targeting: { keywords: { include: ["Running Shoes", "marathon"], exclude: ["sale"] } } });
    expect(await fills(ad, `&kw=${encodeURIComponent("news, running shoes")}`)).toBe(true);
    expect(await fills(ad, `&kw=${encodeURIComponent("MARATHON")}`)).toBe(true);
    expect(await fills(ad, `&kw=${encodeURIComponent("marathon,sale")}`)).toBe(false);
    expect(await fills(ad)).toBe(false);
    expect(await fills(ad, "&kw=a&kw=b&kw[x]=1")).toBe(false);
    expect(await fills(ad, `&kw=${"%FF,".repeat(2000)}marathon`)).toBe(false);
  });

  it("serves by the visitor's language and the site's category", async () => {
    const ad = await liveAd(t, { targeting: { languages: { mode: "include", values: ["de"] }, site_categories: { mode: "exclude", values: ["sports"] } } });
    expect(await fills(ad, "", { "accept-language": "de-DE,de;q=0.9,en;q=0.8" })).toBe(true);
    expect(await fills(ad, "&lang=en-US", { "accept-language": "de-DE" })).toBe(false);
    expect(await fills(ad, "", { "accept-language": "en-GB" })).toBe(false);
  });
});

describe("a campaign's targeting through both doors", () => {
  let advertiser: Account;
  beforeAll(async () => {
    advertiser = await signUp(t, "advertiser");
  });
  const campaignCount = async () => (await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token })).body.length as number;

  it("is stored as sent, normalised, and shown on the campaign", async () => {
    const created = await t.gql(
      `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id targeting { devices { mode values } keywords { include exclude } dayParting { timeZone days hours } sites { mode values } } } }`,
      {
        input: {
          name: "Targeted",
          budget: 1000,
          cpm: 2,
          targeting: {
            devices: { mode: "EXCLUDE", values: ["desktop"] },
            keywords: { include: [" Trail  Running "], exclude: [] },
            dayParting: { timeZone: "Europe/Berlin", days: [6, 7, 6], hours: [20, 8] },
          },
        },
      },
      advertiser.token,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createCampaign.targeting).toEqual({
      devices: { mode: "EXCLUDE", values: ["desktop"] },
      keywords: { include: ["trail running"], exclude: [] },
      dayParting: { timeZone: "Europe/Berlin", days: [6, 7], hours: [8, 20] },
      sites: null,
    });
    const listed = (await t.rest("GET", "/advertiser/campaigns", { token: advertiser.token })).body[0];
    expect(listed.targeting).toEqual({ devices: { mode: "exclude", values: ["desktop"] }, keywords: { include: ["trail running"], exclude: [] }, day_parting: { time_zone: "Europe/Berlin", days: [6, 7], hours: [8, 20] } });
  });

  it("refuses contradictory or impossible targeting naming the field, and saves nothing", async () => {
    const before = await campaignCount();
    const empty = await t.gql(
      `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`,
      { input: { name: "Never", budget: 1000, cpm: 2, targeting: { dayParting: { timeZone: "UTC", days: [1], hours: [] } } } },
      advertiser.token,
    );
    expect(empty.errors?.[0]).toMatchObject({ message: "Day-parting: pick at least one hour", extensions: { code: "BAD_USER_INPUT", field: "targeting.dayParting" } });
    const refusals = await Promise.all(
      [
        { devices: { mode: "include", values: [] } },
        { keywords: { include: ["shoes"], exclude: ["Shoes"] } },
        { site_categories: { mode: "include", values: ["gardening"] } },
        { weather: { mode: "include", values: ["rain"] } },
      ].map((targeting) => t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: { name: "Never", budget: 1000, cpm: 2, targeting } })),
    );
    expect(refusals.map(({ status, body }) => [status, body.detail])).toEqual([
      [422, "Devices: pick at least one"],
      [422, 'Page keywords: "shoes" is both wanted and excluded'],
      [422, 'Site categories: unknown value "gardening"'],
      [422, "Targeting has no rule named weather"],
    ]);
    expect(await campaignCount()).toBe(before);
  });
});

it("serves the rule declarations the form renders, in the order the ad server's table lists them", async () => {
  const { data } = await t.gql(`{ formOptions { targetingRules { key label kind hint options { value label } } } }`);
  const rules = data!.formOptions.targetingRules as { key: string; kind: string; options: { value: string }[] }[];
  expect(rules.map((rule) => `${rule.key}:${rule.kind}`)).toEqual([
    "countries:list",
    "devices:list",
    "operatingSystems:list",
    "browsers:list",
    "languages:list",
    "dayParting:dayParting",
    "siteCategories:list",
    "sites:list",
    "zones:list",
    "keywords:keywords",
  ]);
  expect(rules[1].options.map((option) => option.value)).toEqual(["desktop", "mobile", "tablet"]);
});
