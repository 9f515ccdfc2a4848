import { Card } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { StatementsTable } from "../../statements/components/statements-table";
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
      empty={{ title: "No statements yet", description: "Invoices and publisher statements are issued on the first of each month." }}
    >
      {(statements) => (
        <Card.Root>
          <Card.Body>
            <StatementsTable label="Statements" amountLabel="Amount" statements={statements} showCustomers />
          </Card.Body>
        </Card.Root>
      )}
    </AdminListFrame>
  );
}
