import { stringify } from "csv-stringify";
import type { Readable } from "node:stream";
import type { ConsentState } from "../consent/consent";
import { type Audience, displayValue, type Metric, METRICS } from "./metrics";
import { type LabelledRow, type Report } from "./report.service";

const HEADERS: Record<Metric, string> = {
  requests: "Requests",
  impressions: "Impressions",
  fillRate: "Fill rate (%)",
  clicks: "Clicks",
  ctr: "CTR (%)",
  revenue: "Revenue ($)",
  ecpm: "eCPM ($)",
  spend: "Spend ($)",
  conversions: "Conversions",
  conversionRate: "Conversion rate (%)",
  cpc: "CPC ($)",
  cpa: "CPA ($)",
  publisherEarnings: "Publisher earnings ($)",
  margin: "Margin ($)",
  measured: "Measured impressions",
  viewable: "Viewable impressions",
  viewabilityRate: "Viewability (%)",
  videoStarts: "Video starts",
  completes: "Completed views",
  completionRate: "Completion rate (%)",
  expansions: "Expansions",
  cpcv: "CPCV ($)",
  bidRequests: "Bid requests (header bidding)",
  bids: "Bids",
  wins: "Wins",
  winRate: "Win rate (%)",
  losses: "Bids lost",
  lossCpm: "Lost to: average CPM ($)",
};

const BREAKDOWN_HEADERS: Record<string, string> = {
  date: "Date",
  site: "Site",
  zone: "Zone",
  country: "Country",
  ad_size: "Ad size",
  campaign: "Campaign",
  creative: "Creative",
  publisher: "Publisher",
  advertiser: "Advertiser",
  priority: "Priority",
};

const CONSENT_LABELS: Record<ConsentState, string> = {
  gdpr_consented: "Consent: GDPR storage consented",
  gdpr_no_consent: "Consent: GDPR no consent",
  opted_out: "Consent: opted out (US or GPC)",
  not_applicable: "Consent: not applicable",
};

/**
 * A report as a CSV download: the breakdown's rows in the report's order, then the totals, the values
 * the table shows; the network's then has one line per consent state, its count under Impressions.
 */
export function reportCsv(audience: Audience, report: Report): { filename: string; stream: Readable } {
  const metrics = METRICS[audience] as readonly Metric[];
  const line = (row: LabelledRow) => [row.label, ...metrics.map((metric) => displayValue(metric, audience, row.sums) ?? "")];
  const csv = stringify({ header: true, columns: [BREAKDOWN_HEADERS[report.breakdown], ...metrics.map((metric) => HEADERS[metric])] });
  for (const row of report.rows) csv.write(line(row));
  csv.write(line({ key: "total", label: "Total", sums: report.totals }));
  for (const { state, impressions } of report.consent) csv.write([CONSENT_LABELS[state], ...metrics.map((metric) => (metric === "impressions" ? impressions : ""))]);
  csv.end();
  return { filename: `${audience}-report-${report.breakdown}-${report.range.from}-to-${report.range.to}.csv`, stream: csv };
}
