import { Badge, Tabs } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import type { ComponentType } from "react";
import { DashboardLayout } from "../../dashboard/components/dashboard-layout";
import { HiddenTabHeading } from "../../../components/hidden-tab-heading";
import { useLiveFigures } from "../../../lib/use-live-figures";
import { useRouteTab } from "../../../components/use-route-tab";
import { loadStateOf } from "../../../components/query-panel";
import { formatCount, formatMoney } from "../../../components/format";
import { useFormOptions } from "../../../components/form/with-form-options";
import { StatCardGrid } from "../../../components/stat-card-grid";
import { AdminDashboardDocument, type AdminDashboardQuery } from "../../../gql/graphql";
import { ADMIN_TAB_GROUPS, ADMIN_TABS, adminGroupOf, type AdminTab } from "../admin-tabs";
import { AnalyticsTab } from "../components/analytics-tab";
import { BookingsTab } from "../components/bookings-tab";
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
import { METRIC_TERMS, termed } from "../../../components/metric-terms";
import { StatementsTab } from "../components/statements-tab";

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <Badge colorPalette="yellow" size="sm" aria-label={`${count} ${label}`}>
      {count}
    </Badge>
  );
}

const TAB_VIEWS: Record<AdminTab, ComponentType> = {
  sites: SiteApprovalsTab,
  campaigns: CampaignManagementTab,
  creatives: CreativeReviewTab,
  bookings: BookingsTab,
  payouts: PayoutRequestsTab,
  statements: StatementsTab,
  finance: FinanceTab,
  users: UsersTab,
  publishers: PublishersTab,
  messages: MessagesTab,
  analytics: AnalyticsTab,
  audit: AuditTab,
  outbox: OutboxTab,
};

/** Work waiting on a tab, counted by the server: what its badge shows and what its group's adds up. */
function waitingOn(tab: AdminTab, stats: AdminDashboardQuery["adminStats"]): { count: number; label: string } {
  if (tab === "sites") return { count: stats.pendingSites, label: "pending" };
  if (tab === "campaigns") return { count: stats.pendingCampaigns, label: "pending" };
  if (tab === "creatives") return { count: stats.pendingCreatives, label: "pending" };
  if (tab === "payouts") return { count: stats.requestedPayouts, label: "requested" };
  if (tab === "finance") return { count: stats.awaitedTransfers, label: "transfers awaited" };
  return { count: 0, label: "" };
}

/**
 * The tabs in two rows: the groups, then the open group's tabs. A group opens on its first tab, and
 * every tab keeps its own address.
 */
function AdminTabs({ tab, selectTab, stats }: { tab: AdminTab; selectTab: (tab: string) => void; stats: AdminDashboardQuery["adminStats"] }) {
  const open = adminGroupOf(tab);
  const groupNamed = (name: string) => ADMIN_TAB_GROUPS.find((group) => group.name === name) ?? open;
  return (
    <Tabs.Root value={open.name} onValueChange={(e) => selectTab(groupNamed(e.value).tabs[0].value)} variant="enclosed" lazyMount unmountOnExit>
      <Tabs.List aria-label="Admin sections">
        {ADMIN_TAB_GROUPS.map((group) => (
          <Tabs.Trigger key={group.name} value={group.name}>
            {group.name} <CountBadge count={group.tabs.reduce((sum, { value }) => sum + waitingOn(value, stats).count, 0)} label="waiting" />
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {ADMIN_TAB_GROUPS.map((group) => (
        <Tabs.Content key={group.name} value={group.name}>
          <Tabs.Root value={tab} onValueChange={(e) => selectTab(e.value)} variant="line" lazyMount unmountOnExit>
            <Tabs.List aria-label={group.name}>
              {group.tabs.map(({ value, label }) => (
                <Tabs.Trigger key={value} value={value}>
                  {label} <CountBadge {...waitingOn(value, stats)} />
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {group.tabs.map(({ value, heading }) => {
              const View = TAB_VIEWS[value];
              return (
                <Tabs.Content key={value} value={value}>
                  <HiddenTabHeading>{heading}</HiddenTabHeading>
                  <View />
                </Tabs.Content>
              );
            })}
          </Tabs.Root>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

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
                ...termed(METRIC_TERMS.advertiserSpend),
                value: formatMoney(data.adminStats.monthlyRevenue),
                change: { value: data.adminStats.monthlyRevenueChange, unit: "percent" },
              },
            ]}
            monthsIn={reportTimeZone}
          />
          <AdminTabs tab={tab} selectTab={selectTab} stats={data.adminStats} />
        </>
      )}
    </DashboardLayout>
  );
}
