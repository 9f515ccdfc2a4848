import { Tabs } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DashboardLayout } from "../../dashboard/components/dashboard-layout";
import { HiddenTabHeading } from "../../../components/hidden-tab-heading";
import { useLiveFigures } from "../../../lib/use-live-figures";
import { useRouteTab } from "../../../components/use-route-tab";
import { loadStateOf } from "../../../components/query-panel";
import { formatMoney, formatPercent } from "../../../components/format";
import { useFormOptions } from "../../../components/form/with-form-options";
import { StatCardGrid, type StatItem } from "../../../components/stat-card-grid";
import { trafficFigures } from "../../dashboard/components/traffic-figures";
import { PublisherDashboardDocument, PublisherLiveFiguresDocument, PublisherLiveListsDocument, type PublisherDashboardQuery } from "../../../gql/graphql";
import { AdZonesTab } from "../components/ad-zones-tab";
import { PayoutsTab } from "../components/payouts-tab";
import { ReportsTab } from "../components/reports-tab";
import { METRIC_TERMS, termed } from "../../../components/metric-terms";
import { SitesTab } from "../components/sites-tab";

function keyFigures(stats: PublisherDashboardQuery["publisherStats"]): StatItem[] {
  const change = stats.monthOverMonth;
  return [
    ...trafficFigures(stats),
    { ...termed(METRIC_TERMS.publisherEarnings), value: formatMoney(stats.revenue), change: { value: change.revenue, unit: "percent" } },
    { label: "Fill Rate", value: formatPercent(stats.fillRate), change: { value: change.fillRate, unit: "points" } },
  ];
}

const PUBLISHER_TABS = ["sites", "zones", "reports", "payouts"] as const;

export function PublisherDashboardPage() {
  const { tab, selectTab } = useRouteTab("/publisher", PUBLISHER_TABS);
  const query = useQuery(PublisherDashboardDocument);
  useLiveFigures(PublisherLiveFiguresDocument, query.data !== undefined);
  useLiveFigures(PublisherLiveListsDocument, query.data !== undefined);
  const { data } = query;
  const reportTimeZone = useFormOptions().options?.reportTimeZone;

  return (
    <DashboardLayout
      title="Publisher Dashboard"
      {...loadStateOf(query)}
      failureMessage="Failed to load dashboard data"
    >
      {data && (
        <>
          <StatCardGrid stats={keyFigures(data.publisherStats)} monthsIn={reportTimeZone} />
          <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value)} variant="enclosed" lazyMount unmountOnExit>
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value="sites">My Sites</Tabs.Trigger>
              <Tabs.Trigger value="zones">Ad Zones</Tabs.Trigger>
              <Tabs.Trigger value="reports">Reports</Tabs.Trigger>
              <Tabs.Trigger value="payouts">Payouts</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sites">
              <SitesTab sites={data.mySites} zoneCountOf={(siteId) => data.myAdZones.filter((zone) => zone.siteId === siteId).length} />
            </Tabs.Content>
            <Tabs.Content value="zones">
              <AdZonesTab zones={data.myAdZones} sites={data.mySites} />
            </Tabs.Content>
            <Tabs.Content value="reports">
              <HiddenTabHeading>Reports</HiddenTabHeading>
              <ReportsTab />
            </Tabs.Content>
            <Tabs.Content value="payouts">
              <HiddenTabHeading>Payouts</HiddenTabHeading>
              <PayoutsTab balance={data.myBalance} method={data.myPayoutMethod} payouts={data.myPayouts} />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </DashboardLayout>
  );
}
