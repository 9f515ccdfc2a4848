import { Badge } from "@chakra-ui/react";
import { statusPalette } from "../../../components/ui/status-badge";
import type { AccountStatus } from "../../../gql/graphql";

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  ACTIVE: "Active",
  PENDING_APPROVAL: "Waiting for approval",
  SUSPENDED: "Suspended",
};

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle">
      {ACCOUNT_STATUS_LABELS[status]}
    </Badge>
  );
}
