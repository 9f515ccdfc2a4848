import type { DataSource } from "typeorm";
import { dateTimeMs, sqlDateTime } from "../../common/db-upsert";
import { parseTargetCountries } from "./countries";
import { countryNumber } from "../reports/facts";
import { reportCalendar } from "../reports/grains";
import { assumedShare, KEYWORD_MATCH_SHARE } from "./audience-shares";
import { clockOf } from "./local-clock";
import type { ListValue } from "./rule";
import { parseTargeting, type TargetingDocument } from "./targeting-rules";

/** The days of traffic a forecast reads: enough to even out weekdays, recent enough to be today's network. */
export const FORECAST_DAYS = 14;

export interface ForecastInput {
  targetCountries?: unknown;
  targeting?: unknown;
}

export interface Forecast {
  /** Requests a day the targeting could fill, on the recent days' traffic. */
  impressionsPerDay: number;
  /** What the figure rests on, in a sentence. */
  basis: string;
}

interface Window {
  from: string;
  to: string;
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

/**
 * The estimated daily reach of a targeting, from the read model: the last 14 days' requests of
 * the zones and sites it may show on, times the share of its countries (the country totals), of
 * its day-part (the network's hourly curve), and of the devices, systems, browsers, languages and
 * keywords it asks for (assumed averages, said so in the answer).
 */
export class TargetingForecaster {
  constructor(private readonly dataSource: DataSource) {}

  async forecast(input: ForecastInput, nowMs = Date.now()): Promise<Forecast> {
    const countries = parseTargetCountries(input.targetCountries);
    const targeting = parseTargeting(input.targeting);
    const calendar = reportCalendar();
    const today = calendar.dateOf(nowMs);
    const window = { from: sqlDateTime(calendar.dateStart(today, -(FORECAST_DAYS - 1))), to: sqlDateTime(calendar.dateStart(today, 1)) };

    const days = await this.daysWithTraffic(window);
    if (days === 0) return { impressionsPerDay: 0, basis: `No requests in the last ${FORECAST_DAYS} days to base an estimate on.` };
    const places = await this.placeRequests(targeting, window);
    const countryShare = await this.countryShare(countries, window);
    const dayPartShare = targeting.dayParting ? await this.dayPartShare(targeting, window) : 1;
    const assumed = (["devices", "operatingSystems", "browsers", "languages"] as const).filter((key) => targeting[key]);
    const audienceShare = assumed.reduce((share, key) => share * assumedShare(key, targeting[key] as ListValue), 1);
    const keywordShare = targeting.keywords?.include.length ? KEYWORD_MATCH_SHARE : 1;

    const perDay = (places.requests * countryShare.share * dayPartShare * audienceShare * keywordShare) / days;
    const notes = [
      `Based on ${counted(days, "day", "days")} of requests on ${counted(places.sites, "site", "sites")} in ${counted(countryShare.countries, "country", "countries")}`,
    ];
    if (targeting.dayParting) notes.push("the day-part follows the network's hourly traffic");
    if (assumed.length > 0) notes.push("device, system, browser and language shares are network averages");
    if (keywordShare < 1) notes.push("1 page in 10 is assumed to carry a wanted keyword");
    return { impressionsPerDay: Math.round(perDay), basis: `${notes.join("; ")}.` };
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

  /** The share of requests from the targeted countries, and how many countries sent any. */
  private async countryShare(countries: string[], { from, to }: Window): Promise<{ share: number; countries: number }> {
    const rows: { scopeId: number; requests: number }[] = await this.dataSource.query(
      "SELECT scope_id AS scopeId, SUM(requests) AS requests FROM stat_facts WHERE scope = 'country' AND grain = 'd' AND period >= ? AND period < ? GROUP BY scope_id HAVING SUM(requests) > 0",
      [from, to],
    );
    const wanted = new Set(countries.map(countryNumber));
    const total = rows.reduce((sum, row) => sum + Number(row.requests), 0);
    if (countries.length === 0) return { share: 1, countries: rows.length };
    const targeted = rows.filter((row) => wanted.has(Number(row.scopeId)));
    const share = total === 0 ? 0 : targeted.reduce((sum, row) => sum + Number(row.requests), 0) / total;
    return { share, countries: targeted.length };
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
