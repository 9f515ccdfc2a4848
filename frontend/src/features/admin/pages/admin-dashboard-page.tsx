import { Badge, Tabs } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DashboardLayout } from "../../../components/dashboard-layout";
import { HiddenTabHeading } from "../../../components/hidden-tab-heading";
import { useLiveFigures } from "../../../components/use-live-figures";
import { useRouteTab } from "../../../components/use-route-tab";
import { loadStateOf } from "../../../components/query-panel";
import { formatCount, formatMoney } from "../../../components/format";
import { useFormOptions } from "../../../components/form/with-form-options";
import { StatCardGrid } from "../../../components/stat-card-grid";
import { AdminDashboardDocument } from "../../../gql/graphql";
import { AnalyticsTab } from "../components/analytics-tab";
import { CampaignManagementTab } from "../components/campaign-management-tab";
import { CreativeReviewTab } from "../components/creative-review-tab";
import { FinanceTab } from "../components/finance-tab";
import { MessagesTab } from "../components/messages-tab";
import { OutboxTab } from "../components/outbox-tab";
import { PayoutRequestsTab } from "../components/payout-requests-tab";
import { PublishersTab } from "../components/publishers-tab";
import { AuditTab } from "../components/audit-tab";
import { UsersTab } from "../components/users-tab";
import { SiteApprovalsTab } from "../components/site-approvals-tab";
import { StatementsTab } from "../components/statements-tab";

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <Badge colorPalette="yellow" size="sm" aria-label={`${count} ${label}`}>
      {count}
    </Badge>
  );
}

const ADMIN_TABS = ["sites", "campaigns", "creatives", "payouts", "statements", "finance", "publishers", "messages", "outbox", "users", "audit", "analytics"] as const;

export function AdminDashboardPage() {
  const { tab, selectTab } = useRouteTab("/admin", ADMIN_TABS);
  const query = useQuery(AdminDashboardDocument);
  useLiveFigures(AdminDashboardDocument, query.data !== undefined);
  const { data } = query;
  const reportTimeZone = useFormOptions().options?.reportTimeZone;

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
            monthsIn={reportTimeZone}
          />
          <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value)} variant="enclosed" lazyMount unmountOnExit>
            <Tabs.List flexWrap="wrap">
              <Tabs.Trigger value="sites">
                Site Approvals <CountBadge count={data.adminStats.pendingSites} label="pending" />
              </Tabs.Trigger>
              <Tabs.Trigger value="campaigns">
                Campaign Management <CountBadge count={data.adminStats.pendingCampaigns} label="pending" />
              </Tabs.Trigger>
              <Tabs.Trigger value="creatives">
                Creatives <CountBadge count={data.adminStats.pendingCreatives} label="pending" />
              </Tabs.Trigger>
              <Tabs.Trigger value="payouts">
                Payouts <CountBadge count={data.adminStats.requestedPayouts} label="requested" />
              </Tabs.Trigger>
              <Tabs.Trigger value="statements">Statements</Tabs.Trigger>
              <Tabs.Trigger value="finance">Finance</Tabs.Trigger>
              <Tabs.Trigger value="publishers">Publishers</Tabs.Trigger>
              <Tabs.Trigger value="messages">Messages</Tabs.Trigger>
              <Tabs.Trigger value="outbox">Outbox</Tabs.Trigger>
              <Tabs.Trigger value="users">User Management</Tabs.Trigger>
              <Tabs.Trigger value="audit">Audit</Tabs.Trigger>
              <Tabs.Trigger value="analytics">Analytics</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sites">
              <HiddenTabHeading>Site Approvals</HiddenTabHeading>
              <SiteApprovalsTab />
            </Tabs.Content>
            <Tabs.Content value="campaigns">
              <HiddenTabHeading>Campaign Management</HiddenTabHeading>
              <CampaignManagementTab />
            </Tabs.Content>
            <Tabs.Content value="creatives">
              <HiddenTabHeading>Creatives</HiddenTabHeading>
              <CreativeReviewTab />
            </Tabs.Content>
            <Tabs.Content value="payouts">
              <HiddenTabHeading>Payouts</HiddenTabHeading>
              <PayoutRequestsTab />
            </Tabs.Content>
            <Tabs.Content value="statements">
              <HiddenTabHeading>Statements</HiddenTabHeading>
              <StatementsTab />
            </Tabs.Content>
            <Tabs.Content value="finance">
              <HiddenTabHeading>Finance</HiddenTabHeading>
              <FinanceTab />
            </Tabs.Content>
            <Tabs.Content value="publishers">
              <HiddenTabHeading>Publishers</HiddenTabHeading>
              <PublishersTab />
            </Tabs.Content>
            <Tabs.Content value="messages">
              <HiddenTabHeading>Messages</HiddenTabHeading>
              <MessagesTab />
            </Tabs.Content>
            <Tabs.Content value="outbox">
              <HiddenTabHeading>Outbox</HiddenTabHeading>
              <OutboxTab />
            </Tabs.Content>
            <Tabs.Content value="users">
              <HiddenTabHeading>User Management</HiddenTabHeading>
              <UsersTab />
            </Tabs.Content>
            <Tabs.Content value="audit">
              <HiddenTabHeading>Audit</HiddenTabHeading>
              <AuditTab />
            </Tabs.Content>
            <Tabs.Content value="analytics">
              <HiddenTabHeading>Analytics</HiddenTabHeading>
              <AnalyticsTab />
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </DashboardLayout>
  );
}
