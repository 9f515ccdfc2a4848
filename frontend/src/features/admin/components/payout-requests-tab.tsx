import { Button, Card, Table } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatDate, formatMoney } from "../../../components/format";
import { withFeedback } from "../../../lib/mutation-feedback";
import { StatusBadge } from "../../../components/ui/status-badge";
import { AdminDashboardDocument, MarkPayoutPaidDocument, type AdminPayoutFragment } from "../../../gql/graphql";

export function PayoutRequestsTab({ payouts }: { payouts: AdminPayoutFragment[] }) {
  const [markPaid] = useMutation(MarkPayoutPaidDocument, {
    refetchQueries: [AdminDashboardDocument],
    awaitRefetchQueries: true,
  });
  const [busyId, setBusyId] = useState<number | null>(null);

  const pay = async (payout: AdminPayoutFragment) => {
    setBusyId(payout.id);
    await withFeedback(() => markPaid({ variables: { id: payout.id } }), {
      success: "Payout marked as paid",
      failure: "Failed to mark payout as paid",
    });
    setBusyId(null);
  };

  if (payouts.length === 0) return <EmptyPanel title="No payout requests" description="Requested payouts appear here." />;

  return (
    <Card.Root>
      <Card.Body>
        <DataTable label="Payout requests" columns={["Publisher", "Amount", "Status", "Requested", ""]}>
          {payouts.map((p) => (
            <Table.Row key={p.id}>
              <Table.Cell>Publisher #{p.publisherId}</Table.Cell>
              <Table.Cell>{formatMoney(p.amount)}</Table.Cell>
              <Table.Cell>
                <StatusBadge status={p.status} />
              </Table.Cell>
              <Table.Cell>{formatDate(p.createdAt)}</Table.Cell>
              <Table.Cell textAlign="end">
                {p.status === "REQUESTED" && (
                  <Button size="xs" colorPalette="green" loading={busyId === p.id} onClick={() => pay(p)}>
                    Mark Paid
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      </Card.Body>
    </Card.Root>
  );
}
