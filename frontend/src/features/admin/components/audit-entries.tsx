import { Code, Table } from "@chakra-ui/react";
import { DataTable } from "../../../components/data-table";
import type { AuditAction, AuditEntryFieldsFragment } from "../../../gql/graphql";

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  SITE_APPROVED: "Site approved",
  SITE_REJECTED: "Site rejected",
  CAMPAIGN_CREATED: "Campaign created",
  CAMPAIGN_UPDATED: "Campaign edited",
  CAMPAIGN_DUPLICATED: "Campaign copied",
  CAMPAIGN_APPROVED: "Campaign approved",
  CAMPAIGN_REJECTED: "Campaign rejected",
  CAMPAIGN_PAUSED: "Campaign paused",
  CAMPAIGN_RESUMED: "Campaign resumed",
  CAMPAIGN_ARCHIVED: "Campaign archived",
  CAMPAIGN_UNARCHIVED: "Campaign unarchived",
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
  FAILED_SIGN_IN_BURST: "Burst of failed sign-ins",
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** A change as "key: value" pairs, as the JSON the log keeps. */
function Change({ json }: { json?: string | null }) {
  if (!json) return null;
  return (
    <Code fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word">
      {Object.entries(JSON.parse(json) as Record<string, unknown>)
        .map(([key, value]) => `${key}: ${value === null ? "—" : String(value)}`)
        .join("\n")}
    </Code>
  );
}

/** Rows of the audit log: when, who, what, on what, from where, and what changed. */
export function AuditEntriesTable({ entries, label = "Audit log" }: { entries: readonly AuditEntryFieldsFragment[]; label?: string }) {
  return (
    <DataTable label={label} cardsOnPhones columns={["When", "Who", "Action", "Target", "Address", "Before", "After"]}>
      {entries.map((entry) => (
        <Table.Row key={entry.id}>
          <Table.Cell whiteSpace="nowrap">{when.format(new Date(entry.createdAt))}</Table.Cell>
          <Table.Cell>{entry.actorEmail ?? "—"}</Table.Cell>
          <Table.Cell>{AUDIT_ACTION_LABELS[entry.action]}</Table.Cell>
          <Table.Cell>{entry.targetType ? `${entry.targetType.replace("_", " ")} #${entry.targetId}` : "—"}</Table.Cell>
          <Table.Cell>{entry.ip ?? "—"}</Table.Cell>
          <Table.Cell>
            <Change json={entry.before} />
          </Table.Cell>
          <Table.Cell>
            <Change json={entry.after} />
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
