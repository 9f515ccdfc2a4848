import { PUBLISHER_COLUMNS } from "../../reports/components/report-columns";
import { RefusedTraffic } from "../../reports/components/refused-traffic-card";
import { ReportScreen } from "../../reports/components/report-screen";
import { PublisherReportDocument, type PublisherReportQuery } from "../../../gql/graphql";

const BREAKDOWNS = [
  { value: "DATE", label: "Date" },
  { value: "SITE", label: "Site" },
  { value: "ZONE", label: "Zone" },
  { value: "COUNTRY", label: "Country" },
  { value: "AD_SIZE", label: "Ad size" },
] as const;

export function ReportsTab() {
  return (
    <ReportScreen
      title="Publisher report"
      query={PublisherReportDocument}
      select={(data: PublisherReportQuery) => data.publisherReport}
      columns={PUBLISHER_COLUMNS}
      breakdowns={BREAKDOWNS}
      csvPath="/api/publisher/reports.csv"
      // Invalid traffic on the publisher's zones, and the requests their own floors and blocks turned away.
      extra={(data) => <RefusedTraffic report={data.publisherReport} />}
    />
  );
}
