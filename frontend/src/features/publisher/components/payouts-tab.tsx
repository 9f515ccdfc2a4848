import { Button, Card, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { DataTable } from "../../../components/data-table";
import { formatDate, formatMoney } from "../../../components/format";
import { StatusBadge } from "../../../components/ui/status-badge";
import {
  PublisherDashboardDocument,
  RequestPayoutDocument,
  type PublisherDashboardQuery,
  type PublisherPayoutFragment,
} from "../../../gql/graphql";

interface PayoutsTabProps {
  balance: PublisherDashboardQuery["myBalance"];
  payouts: PublisherPayoutFragment[];
}

export function PayoutsTab({ balance, payouts }: PayoutsTabProps) {
  const [requestPayout, { loading }] = useMutation(RequestPayoutDocument, {
    refetchQueries: [PublisherDashboardDocument],
    awaitRefetchQueries: true,
  });

  const request = async () => {
    await withFeedback(() => requestPayout(), {
      success: ({ data }) => `Payout${data ? ` of ${formatMoney(data.requestPayout.amount)}` : ""} requested`,
      failure: "Failed to request payout",
    });
  };

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Header>
          <Card.Title>Current Balance</Card.Title>
        </Card.Header>
        <Card.Body gap="3" alignItems="flex-start">
          <Text fontSize="3xl" fontWeight="bold" aria-label="Current balance">
            {formatMoney(balance.available)}
          </Text>
          <Text color="fg.muted">Minimum payout: {formatMoney(balance.minimumPayout, { cents: false })}</Text>
          <Button colorPalette="brand" disabled={!balance.canRequestPayout} loading={loading} onClick={request}>
            Request Payout
          </Button>
          {!balance.canRequestPayout && (
            <Text fontSize="sm" color="fg.muted">
              You can request a payout once your available balance reaches the minimum.
            </Text>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title>Payout History</Card.Title>
        </Card.Header>
        <Card.Body>
          {payouts.length === 0 ? (
            <Text color="fg.muted">No payouts yet.</Text>
          ) : (
            <DataTable label="Payout history" columns={["Amount", "Status", "Requested", "Paid"]}>
              {payouts.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell>{formatMoney(p.amount)}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={p.status} />
                  </Table.Cell>
                  <Table.Cell>{formatDate(p.createdAt)}</Table.Cell>
                  <Table.Cell>{p.paidAt ? formatDate(p.paidAt) : "—"}</Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
