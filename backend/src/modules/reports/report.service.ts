import type { ConsentState } from "../consent/consent";
import { ValidationError } from "../../common/errors";
import * as check from "../../common/validate";
import { countryCode } from "./facts";
import { reportCalendar, type Retention } from "./grains";
import { type FactSums, NO_SUMS } from "./fact-sums";
import type { TrafficQuality } from "./reports.service";
import { type Audience, type Metric, METRICS, metricValue } from "./metrics";
import { DeliveryTier } from "../campaigns/campaign.entity";
import { DELIVERY_TIER_LABELS } from "../campaigns/campaign-labels";
import { Breakdown, BREAKDOWNS, ReportOrder, ReportReader, ReportSubject, SumsRow } from "./report-reader";
import { allowedGranularities, type Granularity, previousRange, rangePeriods, ReportRange, reportRange } from "./report-range";

const MAX_PAGE = 500;
/** An export holds a breakdown whole: at most a row per publisher, advertiser, site or zone of the network. */
const MAX_EXPORT_ROWS = 1_000_000;

export interface ReportInput {
  from?: unknown;
  to?: unknown;
  granularity?: unknown;
  breakdown?: unknown;
  sortBy?: unknown;
  descending?: unknown;
  offset?: unknown;
  limit?: unknown;
}

/** What names the ids of one kind: the domain that owns them. */
interface Namer {
  namesOf(ids: number[]): Promise<Map<number, string>>;
}

/**
 * The domains that name a breakdown's rows, handed in where the services are built, so the read
 * model imports none of the domains that read it.
 */
export interface ReportNames {
  users: Namer;
  sites: Namer;
  zones: Namer;
  campaigns: Namer;
  creatives: Namer;
  /** A country's name by its ISO code, as every screen shows it. */
  countryName(code: string): string;
}

export interface LabelledRow extends SumsRow {
  label: string;
}

export interface Report {
  audience: Audience;
  range: ReportRange;
  breakdown: Breakdown;
  order: ReportOrder;
  totals: FactSums;
  /**
   * Every period's start in the range, oldest first, and those of the range just before, period
   * for period: the one list the chart's axis, the series and a date breakdown's rows are made of.
   */
  periods: number[];
  previousPeriods: number[];
  /** The whole in each of `periods` (zeros where nothing was counted), and the same for the range just before it, to compare with. */
  series: LabelledRow[];
  previousSeries: LabelledRow[];
  rows: LabelledRow[];
  totalRows: number;
  offset: number;
  limit: number;
  /** Refused events per period and reason: the network's, or on the publisher's own zones; none in advertisers' reports. */
  invalid: { key: number; label: string; event: string; reason: string; events: number }[];
  /** The network's impressions per consent state over the range; none in publishers' and advertisers' reports. */
  consent: { state: ConsentState; impressions: number }[];
}


/** A period as the reporting zone's wall clock reads its start. */
function periodLabel(ms: number, granularity: ReportRange["granularity"]): string {
  const iso = new Date(ms + reportCalendar().offsetMs(ms)).toISOString();
  return granularity === "hour" ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : granularity === "month" ? iso.slice(0, 7) : iso.slice(0, 10);
}

/**
 * The reports behind the publisher's and advertiser's Reports tabs and the admin's Analytics: one
 * rule for reading the range, breakdown, order and page, for GraphQL and the CSV exports alike;
 * figures from the read model, names from the domains.
 */
export class ReportService {
  constructor(
    private readonly reader: ReportReader,
    private readonly retention: Retention,
    private readonly domains: ReportNames,
  ) {}

  /** What a report of these dates may be read at, by the rule `report` refuses the others with. */
  granularitiesFor(input: { from?: unknown; to?: unknown }): Granularity[] {
    return allowedGranularities(input, this.retention);
  }

  /**
   * The network's counted impressions and clicks over these days, beside the events it refused and
   * why: the Analytics tab's traffic quality, over the range its report shows.
   */
  async trafficQuality(input: { from?: unknown; to?: unknown }): Promise<TrafficQuality> {
    const range = reportRange({ from: input.from, to: input.to, granularity: "day" }, this.retention);
    const [totals, refused] = await Promise.all([this.reader.totals({ audience: "network", userId: 0, breakdown: "date" }, range), this.reader.invalidSeries(range)]);
    const byReason = new Map<string, { event: string; reason: string; events: number }>();
    for (const { event, reason, events } of refused) {
      const key = `${event}:${reason}`;
      byReason.set(key, { event, reason, events: (byReason.get(key)?.events ?? 0) + events });
    }
    return { impressions: totals.impressions, clicks: totals.clicks, invalid: [...byReason.values()].sort((a, b) => b.events - a.events) };
  }

  /** `userId` is the publisher or advertiser whose figures these are; the network's reports take 0. */
  async report(audience: Audience, userId: number, input: ReportInput, everyRow = false): Promise<Report> {
    const range = reportRange(input, this.retention);
    const breakdown = check.oneOf("breakdown", input.breakdown, BREAKDOWNS[audience], "date") as Breakdown;
    const order = orderOf(audience, breakdown, input);
    const offset = check.integer("offset", input.offset, 0, 1_000_000_000, 0);
    const limit = everyRow ? MAX_EXPORT_ROWS : check.integer("limit", input.limit, 1, MAX_PAGE, 50);
    const subject: ReportSubject = { audience, userId, breakdown };

    const periods = rangePeriods(range);
    const previousPeriods = rangePeriods(previousRange(range));
    const [totals, counted, previouslyCounted, invalid, consent] = await Promise.all([
      this.reader.totals(subject, range),
      this.reader.series(subject, range),
      this.reader.series(subject, previousRange(range)),
      audience === "network" ? this.reader.invalidSeries(range) : audience === "publisher" ? this.reader.publisherInvalidSeries(userId, range) : [],
      audience === "network" ? this.reader.consentCounts(range) : [],
    ]);
    const series = everyPeriod(periods, counted, range.granularity);
    let rows: LabelledRow[];
    let totalRows: number;
    if (breakdown === "date") {
      const sorted = sortRows(series, order, audience);
      totalRows = sorted.length;
      rows = sorted.slice(offset, offset + limit);
    } else {
      const page = await this.reader.breakdown(subject, range, order, { offset, limit });
      totalRows = page.total;
      rows = await this.named(breakdown, page.rows);
    }
    return {
      audience,
      range,
      breakdown,
      order,
      totals,
      periods,
      previousPeriods,
      series,
      previousSeries: everyPeriod(previousPeriods, previouslyCounted, range.granularity),
      rows,
      totalRows,
      offset,
      limit: everyRow ? totalRows : limit,
      invalid: invalid.map((point) => ({ ...point, label: periodLabel(point.key, range.granularity) })),
      consent,
    };
  }

  private async named(breakdown: Breakdown, rows: SumsRow[]): Promise<LabelledRow[]> {
    const ids = rows.map((row) => Number(row.key));
    const { users, sites, zones, campaigns, creatives } = this.domains;
    const names: Record<Breakdown, (() => Promise<Map<number, string>>) | null> = {
      date: null,
      ad_size: null,
      country: null,
      priority: null,
      site: () => sites.namesOf(ids),
      zone: () => zones.namesOf(ids),
      campaign: () => campaigns.namesOf(ids),
      creative: () => creatives.namesOf(ids),
      publisher: () => users.namesOf(ids),
      advertiser: () => users.namesOf(ids),
    };
    const lookup = names[breakdown];
    const known = lookup ? await lookup() : new Map<number, string>();
    return rows.map((row) => ({
      ...row,
      label:
        breakdown === "country"
          ? this.countryLabel(Number(row.key))
          : breakdown === "ad_size"
            ? String(row.key)
            : breakdown === "priority"
              ? (DELIVERY_TIER_LABELS[row.key as DeliveryTier] ?? String(row.key))
              : (known.get(Number(row.key)) ?? `#${row.key}`),
    }));
  }

  private countryLabel(number: number): string {
    const code = countryCode(number);
    return code === "XX" ? "Unknown" : `${this.domains.countryName(code)} (${code})`;
  }
}

/** A row for each period, labelled, with its counted sums or none: a period with nothing counted is still a period of the range. */
function everyPeriod(periods: number[], counted: SumsRow[], granularity: ReportRange["granularity"]): LabelledRow[] {
  const sums = new Map(counted.map((row) => [Number(row.key), row.sums]));
  return periods.map((key) => ({ key, label: periodLabel(key, granularity), sums: sums.get(key) ?? NO_SUMS }));
}

/** A date breakdown reads oldest first unless told otherwise; the others biggest impressions first. */
function orderOf(audience: Audience, breakdown: Breakdown, input: ReportInput): ReportOrder {
  const metrics: readonly string[] = METRICS[audience];
  const sortBy = input.sortBy === undefined || input.sortBy === null || input.sortBy === "" ? null : String(input.sortBy);
  if (sortBy !== null && !metrics.includes(sortBy)) throw new ValidationError("sortBy", `Sort by one of ${metrics.join(", ")}`);
  const descending = check.flag("descending", input.descending, sortBy !== null || breakdown !== "date");
  return { by: (sortBy ?? (breakdown === "date" ? "key" : "impressions")) as Metric | "key", descending };
}

/** A date breakdown's periods in the order asked for (the other breakdowns are ordered by the database). */
function sortRows(rows: LabelledRow[], order: ReportOrder, audience: Audience): LabelledRow[] {
  const value = (row: LabelledRow) => (order.by === "key" ? Number(row.key) : (metricValue(order.by, audience, row.sums) ?? -Infinity));
  const sign = order.descending ? -1 : 1;
  return [...rows].sort((a, b) => sign * (value(a) - value(b)) || Number(a.key) - Number(b.key));
}
