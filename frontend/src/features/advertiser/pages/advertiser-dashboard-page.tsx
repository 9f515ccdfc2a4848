import { Badge, Button, Card, Tabs, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DashboardLayout } from "../../../components/dashboard-layout";
import { loadStateOf } from "../../../components/query-panel";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatCount, formatMoney } from "../../../components/format";
import { StatCardGrid, type StatItem } from "../../../components/stat-card-grid";
import { trafficFigures } from "../../../components/traffic-figures";
import { AdvertiserDashboardDocument, type AdvertiserDashboardQuery } from "../../../gql/graphql";
import { CampaignsTab } from "../components/campaigns-tab";
import { CreativesTab } from "../components/creatives-tab";

function keyFigures(stats: AdvertiserDashboardQuery["advertiserStats"]): StatItem[] {
  const change = stats.monthOverMonth;
  return [
    ...trafficFigures(stats),
    // Spending more is the plan working as often as a warning, so its arrow takes no side.
    { label: "Spend", value: formatMoney(stats.spend), change: { value: change.spend, unit: "percent", neutral: true } },
    { label: "Conversions", value: formatCount(stats.conversions), change: { value: change.conversions, unit: "percent" } },
  ];
}

export function AdvertiserDashboardPage() {
  const query = useQuery(AdvertiserDashboardDocument);
  const { data } = query;

  return (
    <DashboardLayout
      title="Advertiser Dashboard"
      {...loadStateOf(query)}
      failureMessage="Failed to load dashboard data"
    >
      {data && (
        <>
          <StatCardGrid stats={keyFigures(data.advertiserStats)} />
          <Tabs.Root defaultValue="campaigns" variant="enclosed" lazyMount unmountOnExit>
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value="campaigns">Campaigns</Tabs.Trigger>
              <Tabs.Trigger value="creatives">Creatives</Tabs.Trigger>
              <Tabs.Trigger value="reports">Reports</Tabs.Trigger>
              <Tabs.Trigger value="billing">Billing</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="campaigns">
              <CampaignsTab campaigns={data.myCampaigns} />
            </Tabs.Content>
            <Tabs.Content value="creatives">
              <CreativesTab creatives={data.myCreatives} campaigns={data.myCampaigns} />
            </Tabs.Content>
            <Tabs.Content value="reports">
              <EmptyPanel
                comingSoon
                title="Detailed Reports Coming Soon"
                description="Per-campaign breakdowns are being built. Your totals are in the figures above."
              />
            </Tabs.Content>
            <Tabs.Content value="billing">
              <Card.Root>
                <Card.Header>
                  <Card.Title>Current Spend</Card.Title>
                </Card.Header>
                <Card.Body gap="3" alignItems="flex-start">
                  <Text fontSize="3xl" fontWeight="bold" aria-label="Current spend">
                    {formatMoney(data.advertiserStats.spend)}
                  </Text>
                  <Button variant="outline" disabled>
                    Add Payment Method
                    <Badge size="sm">Coming soon</Badge>
                  </Button>
                </Card.Body>
              </Card.Root>
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </DashboardLayout>
  );
}
