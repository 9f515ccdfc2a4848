import { Card, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { MyStatementsDocument } from "../../../gql/graphql";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { StatementsTable } from "./statements-table";

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
            <StatementsTable label={title} amountLabel={amountLabel} statements={statements} />
          )}
        </QueryPanel>
      </Card.Body>
    </Card.Root>
  );
}
