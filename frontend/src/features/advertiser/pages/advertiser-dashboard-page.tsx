import { Box, Tabs } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DashboardLayout } from "../../dashboard/components/dashboard-layout";
import { HiddenTabHeading } from "../../../components/hidden-tab-heading";
import { useLiveFigures } from "../../../lib/use-live-figures";
import { useRouteTab } from "../../../components/use-route-tab";
import { loadStateOf } from "../../../components/query-panel";
import { formatCount, formatMoney } from "../../../components/format";
import { useFormOptions } from "../../../components/form/with-form-options";
import { StatCardGrid, type StatItem } from "../../../components/stat-card-grid";
import { trafficFigures } from "../../dashboard/components/traffic-figures";
import { AdvertiserDashboardDocument, AdvertiserLiveFiguresDocument, AdvertiserLiveListsDocument, type AdvertiserDashboardQuery } from "../../../gql/graphql";
import { BillingTab } from "../components/billing-tab";
import { CampaignsTab } from "../components/campaigns-tab";
import { CreativesTab } from "../components/creatives-tab";
import { ReportsTab } from "../components/reports-tab";
import { AudiencesTab } from "../../audiences/components/audiences-tab";
import { StatementsCard } from "../../statements/components/statements-card";

function keyFigures(stats: AdvertiserDashboardQuery["advertiserStats"]): StatItem[] {
  const change = stats.monthOverMonth;
  return [
    ...trafficFigures(stats),
    // Spending more is the plan working as often as a warning, so its arrow takes no side.
    { label: "Spend", value: formatMoney(stats.spend), change: { value: change.spend, unit: "percent", neutral: true } },
    { label: "Conversions", value: formatCount(stats.conversions), change: { value: change.conversions, unit: "percent" } },
  ];
}

const ADVERTISER_TABS = ["campaigns", "creatives", "audiences", "reports", "billing"] as const;

export function AdvertiserDashboardPage() {
  const { tab, selectTab } = useRouteTab("/advertiser", ADVERTISER_TABS);
  const query = useQuery(AdvertiserDashboardDocument);
  useLiveFigures(AdvertiserLiveFiguresDocument, query.data !== undefined);
  useLiveFigures(AdvertiserLiveListsDocument, query.data !== undefined);
  const { data } = query;
  const reportTimeZone = useFormOptions().options?.reportTimeZone;

  return (
    <DashboardLayout
      title="Advertiser Dashboard"
      {...loadStateOf(query)}
      failureMessage="Failed to load dashboard data"
    >
      {data && (
        <>
          <StatCardGrid stats={keyFigures(data.advertiserStats)} monthsIn={reportTimeZone} />
          <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value)} variant="enclosed" lazyMount unmountOnExit>
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value="campaigns">Campaigns</Tabs.Trigger>
              <Tabs.Trigger value="creatives">Creatives</Tabs.Trigger>
              <Tabs.Trigger value="audiences">Audiences</Tabs.Trigger>
              <Tabs.Trigger value="reports">Reports</Tabs.Trigger>
              <Tabs.Trigger value="billing">Billing</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="campaigns">
              <CampaignsTab campaigns={data.myCampaigns} />
            </Tabs.Content>
            <Tabs.Content value="creatives">
              <CreativesTab creatives={data.myCreatives} campaigns={data.myCampaigns} />
            </Tabs.Content>
            <Tabs.Content value="audiences">
              <HiddenTabHeading>Audiences</HiddenTabHeading>
              <AudiencesTab />
            </Tabs.Content>
            <Tabs.Content value="reports">
              <HiddenTabHeading>Reports</HiddenTabHeading>
              <ReportsTab />
            </Tabs.Content>
            <Tabs.Content value="billing">
              <HiddenTabHeading>Billing</HiddenTabHeading>
              <BillingTab />
              <Box mt="6">
                <StatementsCard title="Invoices" amountLabel="Spend" empty="No invoices yet: the first is issued on the first of the month after your campaigns run." />
              </Box>
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </DashboardLayout>
  );
}
