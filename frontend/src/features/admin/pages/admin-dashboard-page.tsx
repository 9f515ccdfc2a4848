import { Badge, Tabs } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DashboardLayout } from "../../../components/dashboard-layout";
import { loadStateOf } from "../../../components/query-panel";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatCount, formatMoney } from "../../../components/format";
import { StatCardGrid } from "../../../components/stat-card-grid";
import { AdminDashboardDocument } from "../../../gql/graphql";
import { CampaignManagementTab } from "../components/campaign-management-tab";
import { CreativeReviewTab } from "../components/creative-review-tab";
import { MessagesTab } from "../components/messages-tab";
import { PayoutRequestsTab } from "../components/payout-requests-tab";
import { PublishersTab } from "../components/publishers-tab";
import { SiteApprovalsTab } from "../components/site-approvals-tab";
import { TrafficQualityTab } from "../components/traffic-quality-tab";

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <Badge colorPalette="yellow" size="sm" aria-label={`${count} ${label}`}>
      {count}
    </Badge>
  );
}

export function AdminDashboardPage() {
  const query = useQuery(AdminDashboardDocument);
  const { data } = query;
  const pendingSites = data?.sites.filter((s) => s.status === "PENDING").length ?? 0;
  const pendingCampaigns = data?.campaigns.filter((c) => c.status === "PENDING").length ?? 0;

  return (
    <DashboardLayout
      title="Admin Dashboard"
      subtitle="Network Administration Panel"
      {...loadStateOf(query)}
      failureMessage="Failed to load admin data"
    >
      {data && (
        <>
          <StatCardGrid
            stats={[
              { label: "Total Users", value: formatCount(data.adminStats.totalUsers) },
              { label: "Pending Sites", value: formatCount(data.adminStats.pendingSites) },
              { label: "Active Campaigns", value: formatCount(data.adminStats.activeCampaigns) },
              {
                label: "Monthly Revenue",
                value: formatMoney(data.adminStats.monthlyRevenue),
                change: { value: data.adminStats.monthlyRevenueChange, unit: "percent" },
              },
            ]}
          />
          <Tabs.Root defaultValue="sites" variant="enclosed" lazyMount unmountOnExit>
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value="sites">
                Site Approvals <CountBadge count={pendingSites} label="pending" />
              </Tabs.Trigger>
              <Tabs.Trigger value="campaigns">
                Campaign Management <CountBadge count={pendingCampaigns} label="pending" />
              </Tabs.Trigger>
              <Tabs.Trigger value="creatives">
                Creatives <CountBadge count={data.creatives.length} label="pending" />
              </Tabs.Trigger>
              <Tabs.Trigger value="payouts">
                Payouts <CountBadge count={data.payouts.length} label="requested" />
              </Tabs.Trigger>
              <Tabs.Trigger value="publishers">Publishers</Tabs.Trigger>
              <Tabs.Trigger value="messages">Messages</Tabs.Trigger>
              <Tabs.Trigger value="users">User Management</Tabs.Trigger>
              <Tabs.Trigger value="analytics">Analytics</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sites">
              <SiteApprovalsTab sites={data.sites} />
            </Tabs.Content>
            <Tabs.Content value="campaigns">
              <CampaignManagementTab campaigns={data.campaigns} />
            </Tabs.Content>
            <Tabs.Content value="creatives">
              <CreativeReviewTab creatives={data.creatives} campaigns={data.campaigns} />
            </Tabs.Content>
            <Tabs.Content value="payouts">
              <PayoutRequestsTab payouts={data.payouts} />
            </Tabs.Content>
            <Tabs.Content value="publishers">
              <PublishersTab />
            </Tabs.Content>
            <Tabs.Content value="messages">
              <MessagesTab messages={data.contactMessages} />
            </Tabs.Content>
            <Tabs.Content value="users">
              <EmptyPanel comingSoon title="User Management" description="Managing accounts from here is coming soon." />
            </Tabs.Content>
            <Tabs.Content value="analytics">
              <TrafficQualityTab />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </DashboardLayout>
  );
}
