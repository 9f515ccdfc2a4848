import type { Role } from "../../auth/roles";
import { IsNull, type DataSource } from "typeorm";
import { dateTimeMs, sqlDateTime } from "../../common/db-upsert";
import type { AdvertiserCategory } from "../campaigns/advertiser-categories";
import { categoryLabel } from "../campaigns/campaign-labels";
import { Campaign, CampaignStatus, PacingMode } from "../campaigns/campaign.entity";
import { readCampaignFields, withCampaignDefaults, type CampaignFields } from "../campaigns/campaign-settings";
import { PACING_LEAD_MS } from "../delivery/decision/decision";
import { meetsFloor } from "../delivery/decision/publisher-controls";
import { loadTrafficCurve } from "../delivery/learning/traffic-curve";
import { RateModel, STARTING_RATES } from "../delivery/learning/rate-prediction";
import { campaignTallies } from "../delivery/learning/rate-tallies";
import { storedFrequencyCaps } from "../frequency-caps/frequency-caps";
import { effectiveRevenueShareBps } from "../users/revenue-share";
import type { User } from "../users/user.entity";
import { parseTargetCountries } from "../targeting/countries";
import { countryNumber } from "../reports/facts";
import { reportCalendar } from "../reports/grains";
import { assumedShare, KEYWORD_MATCH_SHARE } from "../targeting/audience-shares";
import { forecastDelivery, type CampaignPlan, type Competitor, type DeliveryForecast, type MarketFacts } from "./delivery-forecast";
import { clockOf } from "../targeting/local-clock";
import type { ListValue } from "../targeting/rule";
import { parseTargeting, type TargetingDocument } from "../targeting/targeting-rules";

/** The whole days of traffic before today a forecast reads: enough to even out weekdays, recent enough to be today's network. */
export const FORECAST_DAYS = 14;

/** A network with no history: nothing reached, nothing to compete with, the starting rates. */
/** A quarter hour: the finest step a day-part's clock moves in (time zones are offset by 15 minutes at the least). */
const QUARTER_HOUR_MS = 15 * 60_000;

const NO_MARKET: Omit<MarketFacts, "reachBasis"> = { releasedShare: 1, requestsPerDay: 0, floorShare: () => 1, competitors: [], rates: STARTING_RATES, ratesBasis: "the network's starting rate, before any click is counted" };

export interface ForecastInput {
  targetCountries?: unknown;
  targeting?: unknown;
  /** The campaign's other settings by the names of CAMPAIGN_FIELDS (price, money, flight, caps); left out, the reach alone is forecast. */
  campaign?: CampaignFields;
  /** The advertiser's campaign being edited, if it is one: it does not compete with itself, and what it spent leaves its budget. */
  campaignId?: unknown;
}

/** What the forecast reads of campaigns beyond their rows: the one being edited, as its owner may, and what each has spent, from the books. */
export interface ForecastCampaigns {
  findOwned(advertiser: User, id: unknown, field?: string): Promise<{ id: number }>;
  spendByCampaign(campaignIds: number[]): Promise<Map<number, number>>;
}

export type Forecast = DeliveryForecast;

/** The whole days a forecast reads, as SQL date-times: from FORECAST_DAYS before today to today's start. */
export interface Window {
  from: string;
  to: string;
}

/** Today, and the whole days before it a forecast reads: today's few hours so far would count as a day of traffic. */
export function forecastWindow(nowMs: number): { today: string; window: Window } {
  const calendar = reportCalendar();
  const today = calendar.dateOf(nowMs);
  return { today, window: { from: sqlDateTime(calendar.dateStart(today, -FORECAST_DAYS)), to: sqlDateTime(calendar.dateStart(today)) } };
}

export const NO_HISTORY = `No requests in the last ${FORECAST_DAYS} days to base an estimate on`;

/** What the read model says a targeting reaches a day, and the country totals it was read with. */
export interface Reach {
  requestsPerDay: number;
  basis: string;
  /** Requests by country number over the window. */
  countryRequests: CountryRequests;
  networkPerDay: number;
}

interface SqlFilter {
  sql: string;
  parameters: unknown[];
}

/** `AND column IN (…)` or `NOT IN` for each list rule set: the rules' values go in as parameters, never as text. */
type FilterRule = { mode: ListValue["mode"]; values: readonly (string | number)[] };

function sqlFilter(rules: [column: string, rule: FilterRule | undefined][]): SqlFilter {
  const set = rules.filter((entry): entry is [string, FilterRule] => entry[1] !== undefined);
  return {
    sql: set.map(([column, rule]) => `AND ${column} ${rule.mode === "include" ? "IN" : "NOT IN"} (${rule.values.map(() => "?").join(", ")})`).join(" "),
    parameters: set.flatMap(([, rule]) => rule.values),
  };
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Requests by country number over the window. */
export type CountryRequests = Map<number, number>;

/** The share of the requests from `countries` (every country when empty) that also come from `of` (every country when empty). */
export function countryOverlap(requests: CountryRequests, countries: readonly string[], of: readonly string[]): number {
  const within = (list: readonly string[]): ((id: number) => boolean) => {
    if (list.length === 0) return () => true;
    const wanted = new Set(list.map(countryNumber));
    return (id) => wanted.has(id);
  };
  const ours = within(countries);
  const theirs = within(of);
  let total = 0;
  let shared = 0;
  for (const [id, count] of requests) {
    if (!ours(id)) continue;
    total += count;
    if (theirs(id)) shared += count;
  }
  return total === 0 ? (of.length === 0 ? 1 : 0) : shared / total;
}

/** A campaign's settings as the forecast reads them: the fields sent, each checked as an edit checks it, and the declared defaults for the rest. */
function planOf(fields: CampaignFields, spentMicros: number, role: Role): { plan: CampaignPlan; category: string } {
  const settings = withCampaignDefaults(readCampaignFields(fields, false, role).settings);
  return {
    category: settings.category,
    plan: {
      pricingModel: settings.pricingModel,
      bidMicros: settings.bidMicros ?? null,
      budgetMicros: settings.budgetMicros ?? null,
      spentMicros,
      dailyCapMicros: settings.dailyCapMicros ?? null,
      pacing: settings.pacing,
      startDate: settings.startDate,
      endDate: settings.endDate,
      frequencyCaps: storedFrequencyCaps(settings.frequencyCaps ?? null),
    },
  };
}

/**
 * A campaign's delivery a day, from the read model: the last 14 days' requests of the zones and
 * sites it may show on, times the share of its countries (the country totals), of its day-part
 * (the network's hourly curve), and of the devices, systems, browsers, languages and keywords it
 * asks for (assumed averages, said so in the answer); then what its bid wins of them against the
 * zones' floors and the live campaigns' eCPMs, within its caps, daily cap, budget and pacing
 * (see forecastDelivery).
 */
export class TargetingForecaster {
  constructor(
    private readonly dataSource: DataSource,
    private readonly campaigns: ForecastCampaigns,
    private readonly defaultRevenueShareBps: number,
  ) {}

  async forecast(advertiser: User, input: ForecastInput, nowMs = Date.now()): Promise<Forecast> {
    const countries = parseTargetCountries(input.targetCountries);
    const targeting = parseTargeting(input.targeting);
    // Another advertiser's campaign is never revealed: findOwned answers NOT_FOUND.
    const editedId = input.campaignId === undefined || input.campaignId === null ? null : (await this.campaigns.findOwned(advertiser, input.campaignId, "campaignId")).id;
    const { plan, category } = planOf(input.campaign ?? {}, editedId === null ? 0 : ((await this.campaigns.spendByCampaign([editedId])).get(editedId) ?? 0), advertiser.role);
    const { today, window } = forecastWindow(nowMs);
    const [reach, floors, rates] = await Promise.all([this.reach(countries, targeting, window), this.zoneFloors(targeting, window), this.predictedRates(plan, category, nowMs)]);
    if (!reach) return forecastDelivery(plan, { ...NO_MARKET, reachBasis: NO_HISTORY }, today);
    const releasedShare = targeting.dayParting ? await this.releasedByDayPartEnd(targeting, today, nowMs) : 1;
    const competitors = await this.competitors(countries, reach.countryRequests, reach.networkPerDay, today, rates.model, editedId);
    return forecastDelivery(
      plan,
      { requestsPerDay: reach.requestsPerDay, reachBasis: reach.basis, floorShare: floors, competitors, rates: rates.rates, ratesBasis: rates.basis, releasedShare },
      today,
    );
  }

  /**
   * The requests a day the targeting reaches over the window, and the sentence saying what they rest
   * on: what a forecast's impressions start from and what a booking's availability is measured in;
   * null when the window has no traffic.
   */
  async reach(countries: string[], targeting: TargetingDocument, window: Window): Promise<Reach | null> {
    const days = await this.daysWithTraffic(window);
    if (days === 0) return null;
    const [places, countryRequests, network] = await Promise.all([this.placeRequests(targeting, window), this.countryRequests(window), this.networkRequests(window)]);
    const countryShare = this.countryShare(countries, countryRequests);
    const dayPartShare = targeting.dayParting ? await this.dayPartShare(targeting, window) : 1;
    const assumed = (["devices", "operatingSystems", "browsers", "languages"] as const).filter((key) => targeting[key]);
    const audienceShare = assumed.reduce((share, key) => share * assumedShare(key, targeting[key] as ListValue), 1);
    const keywordShare = targeting.keywords?.include.length ? KEYWORD_MATCH_SHARE : 1;

    const notes = [
      `Based on ${counted(days, "day", "days")} of requests on ${counted(places.sites, "site", "sites")} in ${counted(countryShare.countries, "country", "countries")}`,
    ];
    if (targeting.dayParting) notes.push(`the day-part holds ${Math.round(dayPartShare * 100)}% of the network's hourly traffic`);
    if (assumed.length > 0) notes.push("device, system, browser and language shares are network averages");
    if (keywordShare < 1) notes.push("1 page in 10 is assumed to carry a wanted keyword");
    return {
      requestsPerDay: (places.requests * countryShare.share * dayPartShare * audienceShare * keywordShare) / days,
      basis: notes.join("; "),
      countryRequests,
      networkPerDay: network.requests / days,
    };
  }

  private async daysWithTraffic({ from, to }: Window): Promise<number> {
    const [row] = await this.dataSource.query(
      "SELECT COUNT(*) AS total FROM stat_facts WHERE scope = 'network' AND grain = 'd' AND period >= ? AND period < ? AND requests > 0",
      [from, to],
    );
    return Number(row?.total ?? 0);
  }

  /**
   * The requests of the zones and sites the targeting may show on, and how many sites sent them:
   * the sites' totals, less those of excluded zones, or the included zones' own totals.
   */
  private async placeRequests({ sites, siteCategories, zones }: TargetingDocument, window: Window): Promise<{ requests: number; sites: number }> {
    const siteFilter = sqlFilter([
      ["s.domain", sites],
      ["s.category", siteCategories],
    ]);
    // The whole network, the usual case, is its own 14 rows rather than the sum of every site's.
    if (!sites && !siteCategories && !zones) return this.networkRequests(window);
    const zoneFilter = sqlFilter([["z.id", zones && { mode: "include", values: zones.values.map(Number) }]]);
    const ofZones = () => this.placeTotals("zone", "z.site_id", "JOIN ad_zones z ON z.id = f.scope_id JOIN sites s ON s.id = z.site_id", [siteFilter, zoneFilter], window);
    if (zones?.mode === "include") return ofZones();
    const base = await this.placeTotals("site", "f.scope_id", "JOIN sites s ON s.id = f.scope_id", [siteFilter], window);
    const excluded = zones ? (await ofZones()).requests : 0;
    return { requests: Math.max(0, base.requests - excluded), sites: base.sites };
  }

  /** The network's requests in the window, and how many sites may show ads now. */
  private async networkRequests({ from, to }: Window): Promise<{ requests: number; sites: number }> {
    const [[traffic], [sites]] = await Promise.all([
      this.dataSource.query("SELECT COALESCE(SUM(requests), 0) AS requests FROM stat_facts WHERE scope = 'network' AND grain = 'd' AND period >= ? AND period < ?", [from, to]),
      this.dataSource.query("SELECT COUNT(*) AS total FROM sites WHERE status = 'approved' AND archived_at IS NULL"),
    ]);
    return { requests: Number(traffic?.requests ?? 0), sites: Number(sites?.total ?? 0) };
  }

  /** The window's daily totals of a scope, joined to what the filters read, and how many sites they came from. */
  private async placeTotals(scope: "zone" | "site", siteColumn: string, joins: string, filters: SqlFilter[], { from, to }: Window) {
    const [row] = await this.dataSource.query(
      `SELECT COALESCE(SUM(f.requests), 0) AS requests, COUNT(DISTINCT ${siteColumn}) AS sites FROM stat_facts f ${joins}
       WHERE f.scope = ? AND f.grain = 'd' AND f.period >= ? AND f.period < ? AND f.requests > 0 ${filters.map((filter) => filter.sql).join(" ")}`,
      [scope, from, to, ...filters.flatMap((filter) => filter.parameters)],
    );
    return { requests: Number(row?.requests ?? 0), sites: Number(row?.sites ?? 0) };
  }

  /** Requests by country over the window. */
  private async countryRequests({ from, to }: Window): Promise<CountryRequests> {
    const rows: { scopeId: number; requests: number }[] = await this.dataSource.query(
      "SELECT scope_id AS scopeId, SUM(requests) AS requests FROM stat_facts WHERE scope = 'country' AND grain = 'd' AND period >= ? AND period < ? GROUP BY scope_id HAVING SUM(requests) > 0",
      [from, to],
    );
    return new Map(rows.map((row) => [Number(row.scopeId), Number(row.requests)]));
  }

  /** The share of requests from the targeted countries, and how many countries sent any. */
  private countryShare(countries: string[], requests: CountryRequests): { share: number; countries: number } {
    if (countries.length === 0) return { share: 1, countries: requests.size };
    const wanted = new Set(countries.map(countryNumber));
    return { share: countryOverlap(requests, [], countries), countries: [...requests.keys()].filter((id) => wanted.has(id)).length };
  }

  /**
   * The share of the targeted zones' requests whose floor an eCPM meets, as decide's publisher
   * controls read it (the floor against the publisher's share of the eCPM); zones without counts of
   * their own leave every request to the bid.
   */
  private async zoneFloors({ sites, siteCategories, zones }: TargetingDocument, { from, to }: Window): Promise<(ecpmMicros: number) => number> {
    const filter = sqlFilter([
      ["s.domain", sites],
      ["s.category", siteCategories],
      ["z.id", zones && { mode: zones.mode, values: zones.values.map(Number) }],
    ]);
    const rows: { requests: number; floorMicros: number; revenueShareBps: number | null }[] = await this.dataSource.query(
      `SELECT SUM(f.requests) AS requests, z.floor_micros AS floorMicros, u.revenue_share_bps AS revenueShareBps
       FROM stat_facts f JOIN ad_zones z ON z.id = f.scope_id JOIN sites s ON s.id = z.site_id JOIN users u ON u.id = s.publisher_id
       WHERE f.scope = 'zone' AND f.grain = 'd' AND f.period >= ? AND f.period < ? ${filter.sql}
       GROUP BY z.id, z.floor_micros, u.revenue_share_bps`,
      [from, to, ...filter.parameters],
    );
    const zoneRows = rows.map((row) => ({
      requests: Number(row.requests),
      controls: { floorMicros: Number(row.floorMicros ?? 0), revenueShareBps: effectiveRevenueShareBps(row.revenueShareBps === null ? null : Number(row.revenueShareBps), this.defaultRevenueShareBps), blocks: null },
    }));
    const total = zoneRows.reduce((sum, row) => sum + row.requests, 0);
    if (total === 0) return () => 1;
    return (ecpmMicros) => zoneRows.filter((row) => meetsFloor(ecpmMicros, row.controls)).reduce((sum, row) => sum + row.requests, 0) / total;
  }

  /** The campaign's predicted rates as the auction would price it before its first impression: its category's, from the last months' counts. */
  private async predictedRates(plan: CampaignPlan, category: string, nowMs: number) {
    const tallies = await campaignTallies(this.dataSource, nowMs);
    const model = new RateModel(tallies);
    const rates = model.predict({ id: 0, pricingModel: plan.pricingModel, bidMicros: plan.bidMicros ?? 0, category });
    const ofCategory = tallies.filter((tally) => tally.category === category).reduce((sum, tally) => sum + tally.impressions, 0);
    const basis =
      ofCategory > 0
        ? `what ${categoryLabel(category as AdvertiserCategory)} campaigns' ${ofCategory.toLocaleString("en-US")} impressions of the last months had`
        : tallies.length > 0
          ? "the network's rate for display ads"
          : "the network's starting rate, before any click is counted";
    return { model, rates, basis };
  }

  /**
   * The live campaigns in flight today, each with its predicted eCPM, the share of the forecast
   * campaign's requests its countries reach, and the share of its own reach its money lets it
   * take in a day: what even pacing or ASAP lets it spend today, in impressions at its eCPM.
   */
  private async competitors(countries: string[], countryRequests: CountryRequests, networkPerDay: number, today: string, rates: RateModel, editedId: number | null): Promise<Competitor[]> {
    const live = await this.dataSource.getRepository(Campaign).find({ where: { status: CampaignStatus.ACTIVE, archivedAt: IsNull() } });
    const campaigns = live.filter((campaign) => campaign.id !== editedId && campaign.startDate <= today && today <= campaign.endDate);
    const spent = await this.campaigns.spendByCampaign(campaigns.map((campaign) => campaign.id));
    return campaigns
      .map((campaign) => {
        const ecpmMicros = rates.predict(campaign).ecpmMicros;
        const left = Math.max(0, campaign.budgetMicros - (spent.get(campaign.id) ?? 0));
        const daysLeft = Math.max(1, Math.round((Date.parse(campaign.endDate) - Date.parse(today)) / 86_400_000) + 1);
        const money = Math.min(campaign.dailyCapMicros ?? Infinity, campaign.pacing === PacingMode.EVEN ? left / daysLeft : left);
        const reach = networkPerDay * countryOverlap(countryRequests, [], campaign.targetCountries);
        const appetite = ecpmMicros <= 0 || reach <= 0 ? 0 : Math.min(1, money / (ecpmMicros / 1000) / reach);
        return { ecpmMicros, overlap: countryOverlap(countryRequests, countries, campaign.targetCountries), appetite };
      })
      .filter((competitor) => competitor.appetite > 0 && competitor.overlap > 0);
  }

  /**
   * How much of a day's allowance even pacing has released by the end of the day-part's last open
   * hour, on the open days of the coming week: the network's curve releases it through the whole
   * day, so a day-part that closes at 17:00 can spend only what was released by then.
   */
  private async releasedByDayPartEnd({ dayParting }: TargetingDocument, today: string, nowMs: number): Promise<number> {
    const { timeZone, days, hours } = dayParting!;
    const open = new Set(days.flatMap((day) => hours.map((hour) => (day - 1) * 24 + hour)));
    const clock = clockOf(timeZone);
    const curve = await loadTrafficCurve(this.dataSource, nowMs);
    const calendar = reportCalendar();
    const released: number[] = [];
    for (let day = 0; day < 7; day++) {
      const start = calendar.dateStart(today, day);
      const end = calendar.dateStart(today, day + 1);
      // The last quarter hour of the day the day-part is open in, read on its own clock.
      let last = -1;
      for (let atMs = start; atMs < end; atMs += QUARTER_HOUR_MS) if (open.has(clock.weekHour(atMs))) last = atMs;
      if (last >= 0) released.push(curve.expectedShareBy(last + QUARTER_HOUR_MS - 1, PACING_LEAD_MS));
    }
    return released.length === 0 ? 1 : released.reduce((sum, share) => sum + share, 0) / released.length;
  }

  /** The share of the network's hourly requests that fall in the day-part, read in its time zone. */
  private async dayPartShare({ dayParting }: TargetingDocument, { from, to }: Window): Promise<number> {
    const { timeZone, days, hours } = dayParting!;
    const open = new Set(days.flatMap((day) => hours.map((hour) => (day - 1) * 24 + hour)));
    const rows: { period: Date | string; requests: number }[] = await this.dataSource.query(
      "SELECT period, requests FROM stat_facts WHERE scope = 'network' AND grain = 'h' AND period >= ? AND period < ?",
      [from, to],
    );
    const clock = clockOf(timeZone);
    let inside = 0;
    let total = 0;
    for (const row of rows) {
      const atMs = dateTimeMs(row.period);
      total += Number(row.requests);
      if (open.has(clock.weekHour(atMs))) inside += Number(row.requests);
    }
    // Without hourly figures, every hour of the week counts alike.
    return total === 0 ? open.size / (7 * 24) : inside / total;
  }
}
