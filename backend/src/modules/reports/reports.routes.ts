import type { AppContext } from "../../auth/context";
import { Download, mirroring, type Route } from "../../common/rest-route";
import type { Audience } from "./metrics";
import { reportCsv } from "./report-csv";
import { ReportResolver } from "./report.resolver";
import { reportOf } from "./report.operations";
import type { ReportInput } from "./report.service";

const REPORT_QUERY = ["from", "to", "granularity", "breakdown", "sort_by", "descending"];

/** The report exports take the GraphQL input's fields in snake_case as query parameters, and return every row. */
const reportInputOf = (query: Record<string, string>): ReportInput => ({
  from: query.from,
  to: query.to,
  granularity: query.granularity,
  breakdown: query.breakdown,
  sortBy: query.sort_by === undefined ? undefined : query.sort_by.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()),
  descending: query.descending,
});

async function reportDownload(context: AppContext, audience: Audience, query: Record<string, string>): Promise<Download> {
  const { filename, stream } = reportCsv(audience, await reportOf(context, audience, reportInputOf(query), true));
  return new Download(filename, "text/csv; charset=utf-8", stream);
}

/** One audience's report as a CSV file, every row of it, under that audience's part of the API. */
const reportExport = (url: string, audience: Audience, operation: "publisherReport" | "advertiserReport" | "networkReport"): Route => ({
  method: "GET",
  url,
  doc: { query: REPORT_QUERY, files: ["text/csv"] },
  ...mirroring(ReportResolver, operation),
  handle: (context, _body, _params, query) => reportDownload(context, audience, query),
});

export const reportRoutes: Route[] = [
  reportExport("/publisher/reports.csv", "publisher", "publisherReport"),
  reportExport("/advertiser/reports.csv", "advertiser", "advertiserReport"),
  reportExport("/admin/reports.csv", "network", "networkReport"),
];
