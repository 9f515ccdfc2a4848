import { Table, Text } from "@chakra-ui/react";
import { DataTable } from "../../../components/data-table";
import { formatDate, formatMoney } from "../../../components/format";
import type { StatementRowFragment } from "../../../gql/graphql";
import { StatementDownloads } from "./statement-downloads";

interface StatementsTableProps {
  /** What the table holds, for screen readers: "Invoices", "Statements". */
  label: string;
  /** What the month's amount is: spend billed, earnings, or either. */
  amountLabel: string;
  statements: readonly (StatementRowFragment & { customerName?: string; customerEmail?: string })[];
  /** For the admins' list of everyone's documents: a column saying whose each one is. */
  showCustomers?: boolean;
}

/** Issued monthly documents, one a row, each to download as PDF or CSV: a customer's own, or everyone's for the admins. */
export function StatementsTable({ label, amountLabel, statements, showCustomers = false }: StatementsTableProps) {
  return (
    <DataTable
      label={label}
      columns={["Number", ...(showCustomers ? ["Customer"] : []), "Month", { label: amountLabel, numeric: true }, { label: "Closing balance", numeric: true }, "Issued", ""]}
    >
      {statements.map((s) => (
        <Table.Row key={s.id}>
          <Table.Cell>{s.number}</Table.Cell>
          {showCustomers && (
            <Table.Cell>
              <Text>{s.customerName}</Text>
              <Text fontSize="sm" color="fg.muted">
                {s.customerEmail}
              </Text>
            </Table.Cell>
          )}
          <Table.Cell>{s.month}</Table.Cell>
          <Table.Cell textAlign="end">{formatMoney(s.total)}</Table.Cell>
          <Table.Cell textAlign="end">{formatMoney(s.closingBalance)}</Table.Cell>
          <Table.Cell>{formatDate(s.issuedAt)}</Table.Cell>
          <Table.Cell>
            <StatementDownloads number={s.number} pdfPath={s.pdfPath} csvPath={s.csvPath} />
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
