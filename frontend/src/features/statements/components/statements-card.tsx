import { Card, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { MyStatementsDocument } from "../../../gql/graphql";
import { DataTable } from "../../../components/data-table";
import { formatDate, formatMoney } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { StatementDownloads } from "./statement-downloads";

interface StatementsCardProps {
  /** "Invoices" on the Billing tab, "Statements" on the Payouts tab. */
  title: string;
  /** What the month's amount is: spend billed or earnings. */
  amountLabel: string;
  empty: string;
}

/** The signed-in user's monthly documents, newest first, each to download as PDF or CSV. */
export function StatementsCard({ title, amountLabel, empty }: StatementsCardProps) {
  const query = useQuery(MyStatementsDocument, { fetchPolicy: "cache-and-network" });
  const statements = query.data?.myStatements ?? [];
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>{title}</Card.Title>
        <Card.Description>Issued on the first of each month for the month before.</Card.Description>
      </Card.Header>
      <Card.Body>
        <QueryPanel {...loadStateOf(query)} failureMessage={`Failed to load ${title.toLowerCase()}`}>
          {statements.length === 0 ? (
            <Text color="fg.muted">{empty}</Text>
          ) : (
            <DataTable
              label={title}
              columns={["Number", "Month", { label: amountLabel, numeric: true }, { label: "Closing balance", numeric: true }, "Issued", ""]}
            >
              {statements.map((s) => (
                <Table.Row key={s.id}>
                  <Table.Cell>{s.number}</Table.Cell>
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
          )}
        </QueryPanel>
      </Card.Body>
    </Card.Root>
  );
}
