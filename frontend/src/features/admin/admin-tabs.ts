/** A tab's address, its label in the row, and the heading of its panel for screen readers. */
const tab = <Value extends string>(value: Value, label: string, heading = label) => ({ value, label, heading });

/**
 * The admin dashboard's tabs in four groups, so each group's tabs fit one row on a phone. A tab keeps
 * its own address (`/admin/finance`); its group follows from it. Plain data, so the browser tests'
 * page objects read the same table.
 */
export const ADMIN_TAB_GROUPS = [
  { name: "Review", tabs: [tab("sites", "Sites", "Site Approvals"), tab("campaigns", "Campaigns", "Campaign Management"), tab("creatives", "Creatives"), tab("bookings", "Bookings")] },
  { name: "Money", tabs: [tab("payouts", "Payouts"), tab("statements", "Statements"), tab("finance", "Finance")] },
  { name: "People", tabs: [tab("users", "Users", "User Management"), tab("publishers", "Publishers"), tab("messages", "Messages")] },
  { name: "System", tabs: [tab("analytics", "Analytics"), tab("audit", "Audit"), tab("outbox", "Outbox")] },
] as const;

export type AdminTabGroup = (typeof ADMIN_TAB_GROUPS)[number];
export type AdminTab = AdminTabGroup["tabs"][number]["value"];

export const ADMIN_TABS: readonly AdminTab[] = ADMIN_TAB_GROUPS.flatMap((group) => group.tabs.map((entry) => entry.value));

export const adminGroupOf = (value: AdminTab): AdminTabGroup => ADMIN_TAB_GROUPS.find((group) => group.tabs.some((candidate) => candidate.value === value))!;

/** The group a tab's label sits in, for whoever finds tabs by what they read. */
export const adminGroupOfLabel = (label: string): AdminTabGroup | undefined =>
  ADMIN_TAB_GROUPS.find((group) => group.tabs.some((candidate) => candidate.label === label));
