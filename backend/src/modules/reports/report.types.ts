import { GraphQLSafeInt } from "graphql-scalars";
import { type ClassType, Field, Float, InputType, Int, InterfaceType, ObjectType, registerEnumType } from "type-graphql";
import { type Audience, displayValue, type Metric, METRICS } from "./metrics";
import { reportCalendar } from "./grains";
import { LabelledRow, type Report } from "./report.service";

export enum ReportGranularity {
  HOUR = "hour",
  DAY = "day",
  MONTH = "month",
}
registerEnumType(ReportGranularity, { name: "ReportGranularity" });

export enum ReportBreakdown {
  DATE = "date",
  SITE = "site",
  ZONE = "zone",
  COUNTRY = "country",
  AD_SIZE = "ad_size",
  CAMPAIGN = "campaign",
  CREATIVE = "creative",
  PUBLISHER = "publisher",
  ADVERTISER = "advertiser",
  PRIORITY = "priority",
}
registerEnumType(ReportBreakdown, {
  name: "ReportBreakdown",
  description: "Publishers: DATE, SITE, ZONE, COUNTRY, AD_SIZE. Advertisers: DATE, CAMPAIGN, CREATIVE, COUNTRY, SITE. Admins: DATE, PUBLISHER, ADVERTISER, SITE, COUNTRY, PRIORITY (by delivery tier: requests its campaigns took, impressions, spend).",
});

@InputType()
export class ReportInput {
  @Field({ description: "First day, YYYY-MM-DD, in the reporting time zone." }) from: string;
  @Field({ description: "Last day, included; at most two years after `from`." }) to: string;
  @Field(() => ReportGranularity, { nullable: true, description: "Of the time series; HOUR covers at most 7 days. DAY when left out." }) granularity?: ReportGranularity;
  @Field(() => ReportBreakdown, { nullable: true, description: "DATE when left out." }) breakdown?: ReportBreakdown;
  @Field({ nullable: true, description: "A metric of the row type; dates in order, or most impressions first, when left out." }) sortBy?: string;
  @Field({ nullable: true }) descending?: boolean;
  @Field(() => Int, { nullable: true, description: "Rows to skip; 0 when left out." }) offset?: number;
  @Field(() => Int, { nullable: true, description: "Rows to return, at most 500; 50 when left out." }) limit?: number;
}

function withMetrics<T>(view: T, audience: Audience, row: LabelledRow): T {
  const metrics: Record<string, number | null> = {};
  for (const metric of METRICS[audience] as readonly Metric[]) metrics[metric] = displayValue(metric, audience, row.sums);
  return Object.assign(view as object, { key: String(row.key), label: row.label }, metrics) as T;
}

const Count = (options: { description?: string } = {}) => Field(() => GraphQLSafeInt, options);
const Rate = (what: string) => Field(() => Float, { nullable: true, description: `${what}, percent with two decimals; null with nothing to divide by.` });
const Dollars = (what: string) => Field(() => Float, { nullable: true, description: `${what}, US dollars.` });

@InterfaceType("ReportRow", { description: "A row of any audience's report: the period or thing it counts." })
abstract class ReportRowBase {
  @Field({ description: "The period's start (ISO 8601, UTC), or the id, country code or ad size the row is for." }) key: string;
  @Field() label: string;
}

@InterfaceType("MeasuredReportRow", { implements: ReportRowBase, description: "How the row's ads were seen and played: every audience's rows carry these." })
abstract class MeasuredReportRow extends ReportRowBase {
  @Count() measured: number;
  @Count() viewable: number;
  @Rate("Viewable impressions over measured impressions") viewabilityRate: number | null;
  @Count() videoStarts: number;
  @Count() completes: number;
  @Rate("Completed views over video starts") completionRate: number | null;
  @Count({ description: "Impressions of expandable banners their visitor opened (each counted once)." }) expansions: number;
}

@InterfaceType("SellingReportRow", {
  implements: [ReportRowBase, MeasuredReportRow],
  description: "What the zones were asked for and sold, header bidding (Prebid.js or an exchange) included: the rows of those who sell carry these.",
})
abstract class SellingReportRow extends MeasuredReportRow {
  @Count({ description: "Ad requests that came as header-bidding bid requests (OpenRTB); part of requests." }) bidRequests: number;
  @Count({ description: "Bid requests AdNet answered with a bid." }) bids: number;
  @Count({ description: "Impressions won in header-bidding auctions and billed by their burl." }) wins: number;
  @Rate("Wins over bids") winRate: number | null;
  @Count({ description: "Bids lost, as their lurl told." }) losses: number;
  @Dollars("The average price (CPM) lost bids were beaten at, as their lurl told; null with none") lossCpm: number | null;
  @Count() requests: number;
  @Count() impressions: number;
  @Rate("Ad requests filled over ad requests") fillRate: number | null;
  @Count() clicks: number;
  @Rate("Clicks over impressions") ctr: number | null;
}

@ObjectType("PublisherReportRow", { implements: [ReportRowBase, MeasuredReportRow, SellingReportRow] })
export class PublisherReportRowView extends SellingReportRow {
  @Dollars("Earned") revenue: number;
  @Dollars("Earned per thousand impressions") ecpm: number | null;

  static from = (row: LabelledRow) => withMetrics(new PublisherReportRowView(), "publisher", row);
}

@ObjectType("AdvertiserReportRow", { implements: [ReportRowBase, MeasuredReportRow] })
export class AdvertiserReportRowView extends MeasuredReportRow {
  @Count() impressions: number;
  @Count() clicks: number;
  @Rate("Clicks over impressions") ctr: number | null;
  @Dollars("Spent") spend: number;
  @Count() conversions: number;
  @Rate("Conversions over clicks") conversionRate: number | null;
  @Dollars("Spent per thousand impressions") ecpm: number | null;
  @Dollars("Spent per click") cpc: number | null;
  @Dollars("Spent per conversion") cpa: number | null;
  @Dollars("Spent per completed view") cpcv: number | null;

  static from = (row: LabelledRow) => withMetrics(new AdvertiserReportRowView(), "advertiser", row);
}

@ObjectType("NetworkReportRow", { implements: [ReportRowBase, MeasuredReportRow, SellingReportRow] })
export class NetworkReportRowView extends SellingReportRow {
  @Dollars("What advertisers spent") spend: number;
  @Dollars("What publishers earned") publisherEarnings: number;
  @Dollars("Spend less publisher earnings") margin: number;
  @Dollars("Spent per thousand impressions") ecpm: number | null;

  static from = (row: LabelledRow) => withMetrics(new NetworkReportRowView(), "network", row);
}

@ObjectType("InvalidTrafficPoint", { description: "Refused events of one kind and reason in one period." })
export class InvalidTrafficPointView {
  @Field({ description: "The period's start (ISO 8601, UTC)." }) key: string;
  @Field() label: string;
  @Field() event: string;
  @Field() reason: string;
  @Count() events: number;
}

@ObjectType("ConsentImpressions", { description: "The network's impressions counted under one consent state over the report's range." })
export class ConsentImpressionsView {
  @Field({ description: "gdpr_consented (GDPR applies, storage consented), gdpr_no_consent, opted_out (a US opt-out or Global Privacy Control) or not_applicable." })
  state: string;
  @Count() impressions: number;
}

/** The row lists every report has, described once for the interface and for each report's own row type. */
const ROWS = {
  totals: { description: "The whole range." },
  series: { description: "The whole in each of `periods`, oldest first: zeros (and null rates) where nothing was counted." },
  previousSeries: { description: "The same for the range of the same length just before, to compare with." },
  rows: { description: "One page of the breakdown; by date, a row for each of `periods`." },
};

@InterfaceType("Report", { description: "Every audience's report: its range, its periods and one page of its breakdown." })
abstract class ReportFrame {
  @Field() from: string;
  @Field() to: string;
  @Field({ description: "The time zone whose days and months the report counts in." }) timeZone: string;
  @Field(() => ReportGranularity) granularity: ReportGranularity;
  @Field(() => [String], { description: "Every period's start in the range (ISO 8601), oldest first: the chart's axis, empty periods included." }) periods: string[];
  @Field(() => [String], { description: "The same for the range just before, period for period." }) previousPeriods: string[];
  @Field(() => ReportBreakdown) breakdown: ReportBreakdown;
  @Field(() => MeasuredReportRow, ROWS.totals) totals: MeasuredReportRow;
  @Field(() => [MeasuredReportRow], ROWS.series) series: MeasuredReportRow[];
  @Field(() => [MeasuredReportRow], ROWS.previousSeries) previousSeries: MeasuredReportRow[];
  @Field(() => [MeasuredReportRow], ROWS.rows) rows: MeasuredReportRow[];
  @Field(() => Int) totalRows: number;
  @Field(() => Int) offset: number;
  @Field(() => Int) limit: number;
}

/** The report types' common shape, each with its own row type. */
function ReportOf<Row extends MeasuredReportRow>(RowView: ClassType<Row> & { from(row: LabelledRow): Row }) {
  // Implemented here rather than by each report type, so that these row lists of the report's own
  // row type, not the interface's, are what the schema says (type-graphql lets the interface's win otherwise).
  @ObjectType({ implements: ReportFrame })
  abstract class ReportView extends ReportFrame {
    @Field(() => RowView, ROWS.totals) declare totals: Row;
    @Field(() => [RowView], ROWS.series) declare series: Row[];
    @Field(() => [RowView], ROWS.previousSeries) declare previousSeries: Row[];
    @Field(() => [RowView], ROWS.rows) declare rows: Row[];
  }

  const iso = (ms: number) => new Date(ms).toISOString();
  const viewOf = (report: Report) => ({
    from: report.range.from,
    to: report.range.to,
    timeZone: reportCalendar().timeZone,
    granularity: report.range.granularity as ReportGranularity,
    periods: report.periods.map(iso),
    previousPeriods: report.previousPeriods.map(iso),
    breakdown: report.breakdown as ReportBreakdown,
    totals: RowView.from({ key: "total", label: "Total", sums: report.totals }),
    series: report.series.map((row) => RowView.from({ ...row, key: new Date(Number(row.key)).toISOString() })),
    previousSeries: report.previousSeries.map((row) => RowView.from({ ...row, key: new Date(Number(row.key)).toISOString() })),
    rows: report.rows.map((row) => RowView.from(report.breakdown === "date" ? { ...row, key: new Date(Number(row.key)).toISOString() } : row)),
    totalRows: report.totalRows,
    offset: report.offset,
    limit: report.limit,
  });
  return { ReportView, viewOf };
}

const invalidPointsOf = (report: Report) =>
  report.invalid.map((point) => Object.assign(new InvalidTrafficPointView(), { ...point, key: new Date(point.key).toISOString() }));

const publisher = ReportOf(PublisherReportRowView);
const advertiser = ReportOf(AdvertiserReportRowView);
const network = ReportOf(NetworkReportRowView);

@ObjectType("PublisherReport", { description: "A publisher's own figures; money is what they earned, in US dollars." })
export class PublisherReportView extends publisher.ReportView {
  @Field(() => [InvalidTrafficPointView], { description: "Refused events on the publisher's zones per period and reason: invalid traffic, and requests their own floors and blocks left unfilled." })
  invalid: InvalidTrafficPointView[];

  static from = (report: Report) => Object.assign(new PublisherReportView(), publisher.viewOf(report), { invalid: invalidPointsOf(report) });
}

@ObjectType("AdvertiserReport", { description: "An advertiser's own figures; money is what they spent, in US dollars." })
export class AdvertiserReportView extends advertiser.ReportView {
  static from = (report: Report) => Object.assign(new AdvertiserReportView(), advertiser.viewOf(report));
}

@ObjectType("NetworkReport", { description: "The whole network's figures, with its refused traffic; US dollars." })
export class NetworkReportView extends network.ReportView {
  @Field(() => [InvalidTrafficPointView], { description: "Refused events per period and reason." }) invalid: InvalidTrafficPointView[];
  @Field(() => [ConsentImpressionsView], { description: "Impressions per consent state over the range (see the README on consent)." }) consent: ConsentImpressionsView[];

  static from = (report: Report) =>
    Object.assign(new NetworkReportView(), network.viewOf(report), {
      invalid: invalidPointsOf(report),
      consent: report.consent.map((count) => Object.assign(new ConsentImpressionsView(), count)),
    });
}
