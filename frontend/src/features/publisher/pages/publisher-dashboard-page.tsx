import { Tabs } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DashboardLayout } from "../../../components/dashboard-layout";
import { loadStateOf } from "../../../components/query-panel";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatMoney, formatPercent } from "../../../components/format";
import { StatCardGrid, type StatItem } from "../../../components/stat-card-grid";
import { trafficFigures } from "../../../components/traffic-figures";
import { PublisherDashboardDocument, type PublisherDashboardQuery } from "../../../gql/graphql";
import { AdZonesTab } from "../components/ad-zones-tab";
import { PayoutsTab } from "../components/payouts-tab";
import { SitesTab } from "../components/sites-tab";

function keyFigures(stats: PublisherDashboardQuery["publisherStats"]): StatItem[] {
  const change = stats.monthOverMonth;
  return [
    ...trafficFigures(stats),
    { label: "Revenue", value: formatMoney(stats.revenue), change: { value: change.revenue, unit: "percent" } },
    { label: "Fill Rate", value: formatPercent(stats.fillRate), change: { value: change.fillRate, unit: "points" } },
  ];
}

export function PublisherDashboardPage() {
  const query = useQuery(PublisherDashboardDocument);
  const { data } = query;

  return (
    <DashboardLayout
      title="Publisher Dashboard"
      {...loadStateOf(query)}
      failureMessage="Failed to load dashboard data"
    >
      {data && (
        <>
          <StatCardGrid stats={keyFigures(data.publisherStats)} />
          <Tabs.Root defaultValue="sites" variant="enclosed" lazyMount unmountOnExit>
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value="sites">My Sites</Tabs.Trigger>
              <Tabs.Trigger value="zones">Ad Zones</Tabs.Trigger>
              <Tabs.Trigger value="reports">Reports</Tabs.Trigger>
              <Tabs.Trigger value="payouts">Payouts</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sites">
              <SitesTab sites={data.mySites} />
            </Tabs.Content>
            <Tabs.Content value="zones">
              <AdZonesTab zones={data.myAdZones} sites={data.mySites} />
            </Tabs.Content>
            <Tabs.Content value="reports">
              <EmptyPanel
                comingSoon
                title="Reports Coming Soon"
                description="Per-site and per-zone reports are being built. Your totals are in the figures above."
              />
            </Tabs.Content>
            <Tabs.Content value="payouts">
              <PayoutsTab balance={data.myBalance} payouts={data.myPayouts} />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </DashboardLayout>
  );
}
