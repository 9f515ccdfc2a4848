import { Link, List, Stack, Table, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { DataTable } from "../../../components/data-table";
import type { AuditAction, AuditEntryFieldsFragment } from "../../../gql/graphql";

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  SITE_APPROVED: "Site approved",
  SITE_REJECTED: "Site rejected",
  CAMPAIGN_CREATED: "Campaign created",
  CAMPAIGN_UPDATED: "Campaign edited",
  CAMPAIGN_BOOKED: "Campaign booked",
  CAMPAIGN_MADE_GOOD: "Make-good booked",
  CAMPAIGN_DUPLICATED: "Campaign copied",
  CAMPAIGN_APPROVED: "Campaign approved",
  CAMPAIGN_REJECTED: "Campaign rejected",
  CAMPAIGN_PAUSED: "Campaign paused",
  CAMPAIGN_RESUMED: "Campaign resumed",
  CAMPAIGN_ARCHIVED: "Campaign archived",
  CAMPAIGN_UNARCHIVED: "Campaign unarchived",
  CAMPAIGN_OPTIMISED: "Campaign changed by optimisation",
  PLACEMENT_RESTORED: "Campaign placement put back",
  CREATIVE_APPROVED: "Creative approved",
  CREATIVE_REJECTED: "Creative rejected",
  CREATIVE_ARCHIVED: "Creative archived",
  PAYOUT_PAID: "Payout marked paid",
  DEPOSIT_RECORDED: "Transfer recorded",
  CREDIT_GRANTED: "Credit granted",
  CREDIT_LIMIT_SET: "Credit limit set",
  REVENUE_SHARE_SET: "Revenue share set",
  ACCOUNT_APPROVED: "Account approved",
  ACCOUNT_SUSPENDED: "Account suspended",
  ACCOUNT_REACTIVATED: "Account reactivated",
  IDENTITY_VERIFIED: "Identity verified",
  IDENTITY_UNVERIFIED: "Identity check withdrawn",
  VERIFICATION_LINK_SENT: "Verification link sent",
  PASSWORD_RESET_SENT: "Password reset sent",
  TWO_FACTOR_ENABLED: "Two-factor sign-in on",
  TWO_FACTOR_DISABLED: "Two-factor sign-in off",
  TWO_FACTOR_RECOVERY_USED: "Recovery code used",
  API_KEY_CREATED: "API key created",
  API_KEY_REVOKED: "API key revoked",
  EXCHANGE_PARTNER_CREATED: "Exchange partner added",
  EXCHANGE_PARTNER_UPDATED: "Exchange partner changed",
  EXCHANGE_PARTNER_REVOKED: "Exchange partner revoked",
  FAILED_SIGN_IN_BURST: "Burst of failed sign-ins",
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** The admin tab that lists each kind of target, opened on its name; the others are read on their owner's page. */
const LISTED_IN: Partial<Record<string, string>> = { site: "sites", campaign: "campaigns", creative: "creatives" };

/** Where the entry's target is shown: a user's own page, the list of its kind searched by its name, or else the account it belongs to. */
function targetAddress(entry: AuditEntryFieldsFragment): string | null {
  if (entry.targetType === "user" && entry.targetId) return `/admin/users/${entry.targetId}`;
  const tab = entry.targetType ? LISTED_IN[entry.targetType] : undefined;
  if (tab && entry.targetName) return `/admin/${tab}?${new URLSearchParams({ search: entry.targetName })}`;
  return entry.targetUserId ? `/admin/users/${entry.targetUserId}` : null;
}

function Target({ entry }: { entry: AuditEntryFieldsFragment }) {
  if (!entry.targetType) return null;
  const name = entry.targetName ?? `${entry.targetType.replace("_", " ")} #${entry.targetId}`;
  const address = targetAddress(entry);
  return (
    <Text fontSize="sm">
      {address ? (
        <Link asChild colorPalette="brand">
          <RouterLink to={address}>{name}</RouterLink>
        </Link>
      ) : (
        name
      )}
    </Text>
  );
}

/** One change a line, as the server words it: "Budget: $1,500.00 → $2,000.00". */
function Changes({ changes }: { changes: AuditEntryFieldsFragment["changes"] }) {
  if (changes.length === 0) return <Text color="fg.muted">—</Text>;
  return (
    <List.Root variant="plain" gap="1" fontSize="sm">
      {changes.map((change, index) => (
        <List.Item key={index} display="block">
          <Text as="span" color="fg.muted">
            {change.field}:
          </Text>{" "}
          {change.from !== null && change.to !== null ? `${change.from} → ${change.to}` : (change.to ?? `${change.from} (removed)`)}
        </List.Item>
      ))}
    </List.Root>
  );
}

/** Rows of the audit log: when, who (from where), what to which object, and each change. */
export function AuditEntriesTable({ entries, label = "Audit log" }: { entries: readonly AuditEntryFieldsFragment[]; label?: string }) {
  return (
    <DataTable label={label} cardsOnPhones columns={["When", "Who", "Action", "Changes"]}>
      {entries.map((entry) => (
        <Table.Row key={entry.id}>
          <Table.Cell whiteSpace="nowrap" verticalAlign="top">
            {when.format(new Date(entry.createdAt))}
          </Table.Cell>
          <Table.Cell verticalAlign="top">
            <Stack gap="0">
              {entry.actorId ? (
                <Link asChild colorPalette="brand">
                  <RouterLink to={`/admin/users/${entry.actorId}`}>{entry.actorEmail}</RouterLink>
                </Link>
              ) : (
                <Text>{entry.actorEmail ?? "—"}</Text>
              )}
              {entry.ip && (
                <Text fontSize="xs" color="fg.muted">
                  from {entry.ip}
                </Text>
              )}
            </Stack>
          </Table.Cell>
          <Table.Cell verticalAlign="top">
            <Stack gap="0">
              <Text fontWeight="medium">{AUDIT_ACTION_LABELS[entry.action]}</Text>
              <Target entry={entry} />
            </Stack>
          </Table.Cell>
          <Table.Cell verticalAlign="top">
            <Changes changes={entry.changes} />
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
