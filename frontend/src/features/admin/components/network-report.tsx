import { NETWORK_COLUMNS } from "../../reports/components/report-columns";
import { RefusedTraffic } from "../../reports/components/refused-traffic-card";
import type { ReactNode } from "react";
import { ReportScreen, type ReportDays } from "../../reports/components/report-screen";
import { ConsentImpressions } from "./consent-impressions-card";
import { NetworkReportDocument, type NetworkReportQuery } from "../../../gql/graphql";

const BREAKDOWNS = [
  { value: "DATE", label: "Date" },
  { value: "PUBLISHER", label: "Publisher" },
  { value: "ADVERTISER", label: "Advertiser" },
  { value: "SITE", label: "Site" },
  { value: "COUNTRY", label: "Country" },
  { value: "PRIORITY", label: "Priority" },
] as const;

/** The network's spend, publisher earnings and margin over a range, with the traffic it refused and its impressions by consent. */
export function NetworkReport({ sameDays }: { sameDays?: (days: ReportDays) => ReactNode }) {
  return (
    <ReportScreen
      sameDays={sameDays}
      title="Network report"
      query={NetworkReportDocument}
      select={(data: NetworkReportQuery) => data.networkReport}
      columns={NETWORK_COLUMNS}
      breakdowns={BREAKDOWNS}
      csvPath="/api/admin/reports.csv"
      extra={(data) => (
        <>
          <RefusedTraffic report={data.networkReport} />
          <ConsentImpressions counts={data.networkReport.consent} />
        </>
      )}
    />
  );
}
