import { Tabs } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DashboardLayout } from "../../../components/dashboard-layout";
import { loadStateOf } from "../../../components/query-panel";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatCount, formatMoney, formatPercent } from "../../../components/format";
import { StatCardGrid } from "../../../components/stat-card-grid";
import { PublisherDashboardDocument } from "../../../gql/graphql";
import { AdZonesTab } from "../components/ad-zones-tab";
import { PayoutsTab } from "../components/payouts-tab";
import { SitesTab } from "../components/sites-tab";

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
          <StatCardGrid
            stats={[
              { label: "Impressions", value: formatCount(data.publisherStats.impressions) },
              { label: "Clicks", value: formatCount(data.publisherStats.clicks) },
              { label: "CTR", value: formatPercent(data.publisherStats.ctr) },
              { label: "Revenue", value: formatMoney(data.publisherStats.revenue) },
              { label: "Fill Rate", value: formatPercent(data.publisherStats.fillRate) },
            ]}
          />
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
