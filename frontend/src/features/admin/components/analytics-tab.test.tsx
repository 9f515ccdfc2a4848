import { screen, within } from "@testing-library/react";
import { NetworkReportDocument, TrafficQualityDocument, type NetworkReportQuery, type ReportInput } from "../../../gql/graphql";
import { LAZY_LOAD, renderScreen } from "../../../test/render";
import { AnalyticsTab } from "./analytics-tab";
import { dayAxis } from "../../../test/report-days";

// The report waits for the range's granularities, then loads its chart lazily: slow on a busy machine.
jest.setTimeout(15_000);

const row = (key: string, label: string): NetworkReportQuery["networkReport"]["totals"] => ({
  __typename: "NetworkReportRow",
  key,
  label,
  requests: 500,
  impressions: 400,
  fillRate: 80,
  clicks: 4,
  ctr: 1,
  spend: 1.6,
  publisherEarnings: 1.12,
  margin: 0.48,
  ecpm: 4,
  measured: 990,
  viewable: 700,
  viewabilityRate: 70.71,
  videoStarts: 0,
  completes: 0,
  completionRate: null,
  expansions: 0,
  bidRequests: 0,
  bids: 0,
  wins: 0,
  winRate: null,
  losses: 0,
  lossCpm: null,
});

const networkReport = {
  request: { query: NetworkReportDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: ({ input }: { input: ReportInput }): { data: NetworkReportQuery } => (asked.report.push(`${input.from}..${input.to}`), {
    data: {
      networkReport: {
        __typename: "NetworkReport",
        from: input.from,
        to: input.to,
        timeZone: "UTC",
        granularity: "DAY",
        ...dayAxis(input.from, input.to),
        breakdown: "DATE",
        totals: row("total", "Total"),
        series: [row(`${input.to}T00:00:00.000Z`, input.to)],
        previousSeries: [],
        rows: [row(`${input.to}T00:00:00.000Z`, input.to)],
        totalRows: 1,
        offset: 0,
        limit: 25,
        invalid: [{ __typename: "InvalidTrafficPoint", key: `${input.to}T00:00:00.000Z`, label: input.to, event: "impression", reason: "bot", events: 37 }],
        consent: [
          { __typename: "ConsentImpressions", state: "gdpr_consented", impressions: 250 },
          { __typename: "ConsentImpressions", state: "gdpr_no_consent", impressions: 1200 },
        ],
      },
    },
  }),
};

/** The ranges the report and the traffic quality were asked for, in order. */
const asked: { report: string[]; quality: string[] } = { report: [], quality: [] };

const trafficQuality = {
  request: { query: TrafficQualityDocument, variables: () => true },
  maxUsageCount: Number.POSITIVE_INFINITY,
  result: ({ range }: { range: { from: string; to: string } }) => {
    asked.quality.push(`${range.from}..${range.to}`);
    return { data: { trafficQuality: { __typename: "TrafficQuality" as const, impressions: 400, clicks: 4, invalidEvents: 37, invalidShare: 8.4, byReason: [] } } };
  },
};

test("analytics shows the network's money by period, its refused traffic by reason over time, its impressions by consent, and the traffic quality", async () => {
  renderScreen(<AnalyticsTab />, { mocks: [networkReport, trafficQuality] });

  const table = await screen.findByRole("table", { name: "Network report by date" }, LAZY_LOAD);
  const total = within(table).getByRole("row", { name: /Total/ });
  expect(total).toHaveTextContent("$1.60");
  expect(total).toHaveTextContent("$1.12");
  expect(total).toHaveTextContent("$0.48");
  const refused = screen.getByRole("table", { name: "Refused events per period" });
  expect(await within(refused).findByRole("row", { name: /Bot or crawler/ })).toHaveTextContent("37");
  const consent = screen.getByRole("table", { name: "Impressions by consent" });
  expect(within(consent).getByRole("row", { name: /GDPR applies, no consent/ })).toHaveTextContent("1,200");
  expect(await screen.findByRole("region", { name: "Traffic quality" })).toBeVisible();
  // Traffic quality counts the days the report shows, not all time.
  expect(asked.quality).toEqual([asked.report[0]]);
});
