import { Stack } from "@chakra-ui/react";
import { ADVERTISER_COLUMNS } from "../../reports/components/report-columns";
import { ReportScreen } from "../../reports/components/report-screen";
import { AdvertiserReportDocument, type AdvertiserReportQuery } from "../../../gql/graphql";
import { CampaignInsightsCard } from "./campaign-insights-card";
import { CreativeRotationCard } from "./creative-rotation-card";

const BREAKDOWNS = [
  { value: "DATE", label: "Date" },
  { value: "CAMPAIGN", label: "Campaign" },
  { value: "CREATIVE", label: "Creative" },
  { value: "COUNTRY", label: "Country" },
  { value: "SITE", label: "Site" },
] as const;

export function ReportsTab() {
  return (
    <Stack gap="6">
      <ReportScreen
        title="Advertiser report"
        query={AdvertiserReportDocument}
        select={(data: AdvertiserReportQuery) => data.advertiserReport}
        columns={ADVERTISER_COLUMNS}
        breakdowns={BREAKDOWNS}
        csvPath="/api/advertiser/reports.csv"
      />
      <CampaignInsightsCard />
      <CreativeRotationCard />
    </Stack>
  );
}
