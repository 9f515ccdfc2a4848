import { Table } from "@chakra-ui/react";
import type { Column } from "../../../components/data-table";
import { formatDate, formatMoney } from "../../../components/format";
import { StatusBadge } from "../../../components/ui/status-badge";
import type { DepositCellsFragment } from "../../../gql/graphql";

/** The headers of `DepositCells`, in their order. */
export const DEPOSIT_COLUMNS: Column[] = [
  { label: "Announced", numeric: true },
  { label: "Received", numeric: true },
  { label: "Status" },
  { label: "Requested" },
  { label: "Recorded" },
  { label: "Note" },
];

/** What advertisers and admins both read of a deposit request: the amount announced beside the amount received, and the admin's note. */
export function DepositCells({ deposit }: { deposit: DepositCellsFragment }) {
  return (
    <>
      <Table.Cell textAlign="end">{formatMoney(deposit.amount)}</Table.Cell>
      <Table.Cell textAlign="end">{deposit.received == null ? "—" : formatMoney(deposit.received)}</Table.Cell>
      <Table.Cell>
        <StatusBadge status={deposit.status} />
      </Table.Cell>
      <Table.Cell>{formatDate(deposit.createdAt)}</Table.Cell>
      <Table.Cell>{deposit.receivedAt ? formatDate(deposit.receivedAt) : "—"}</Table.Cell>
      <Table.Cell>{deposit.note ?? ""}</Table.Cell>
    </>
  );
}
