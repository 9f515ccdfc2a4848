import { Card, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DataTable } from "../../../components/data-table";
import { formatDate, formatMoney } from "../../../components/format";
import { StatementDownloads } from "../../statements/components/statement-downloads";
import { AdminStatementsDocument, type StatementKind } from "../../../gql/graphql";
import { AdminListFrame, useAdminList } from "./admin-list";

const KINDS: { value: StatementKind; label: string }[] = [
  { value: "INVOICE", label: "Invoices" },
  { value: "STATEMENT", label: "Publisher statements" },
];

/** Every issued invoice and publisher statement, by number or customer, each to download. */
export function StatementsTab() {
  const list = useAdminList<StatementKind>();
  const query = useQuery(AdminStatementsDocument, { variables: { input: { ...list.input, kind: list.status } } });

  return (
    <AdminListFrame
      list={list}
      noun="statements"
      searchPlaceholder="Number, customer name or e-mail"
      statuses={KINDS}
      query={query}
      pageOf={(data) => data.statements}
      failureMessage="Failed to load statements"
      empty={{ title: "No statements yet", description: "Invoices and publisher statements are issued on the first of each month." }}
    >
      {(data) => (
        <Card.Root>
          <Card.Body>
            <DataTable label="Statements" columns={["Number", "Customer", "Month", { label: "Amount", numeric: true }, { label: "Closing balance", numeric: true }, "Issued", ""]}>
              {data.statements.items.map((s) => (
                <Table.Row key={s.id}>
                  <Table.Cell>{s.number}</Table.Cell>
                  <Table.Cell>
                    <Text>{s.customerName}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {s.customerEmail}
                    </Text>
                  </Table.Cell>
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
          </Card.Body>
        </Card.Root>
      )}
    </AdminListFrame>
  );
}
