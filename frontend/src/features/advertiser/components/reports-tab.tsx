import { ADVERTISER_COLUMNS } from "../../../components/reports/report-columns";
import { ReportScreen } from "../../../components/reports/report-screen";
import { AdvertiserReportDocument, type AdvertiserReportQuery } from "../../../gql/graphql";

const BREAKDOWNS = [
  { value: "DATE", label: "Date" },
  { value: "CAMPAIGN", label: "Campaign" },
  { value: "CREATIVE", label: "Creative" },
  { value: "COUNTRY", label: "Country" },
  { value: "SITE", label: "Site" },
] as const;

export function ReportsTab() {
  return (
    <ReportScreen
      title="Advertiser report"
      query={AdvertiserReportDocument}
      select={(data: AdvertiserReportQuery) => data.advertiserReport}
      columns={ADVERTISER_COLUMNS}
      breakdowns={BREAKDOWNS}
      csvPath="/api/advertiser/reports.csv"
    />
  );
}
