import { Button, Card, HStack, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { withFeedback } from "../../../lib/mutation-feedback";
import { DataTable } from "../../../components/data-table";
import { Figure } from "../../../components/figure";
import { formatDate, formatMoney } from "../../../components/format";
import { StatementsCard } from "../../statements/components/statements-card";
import { StatusBadge } from "../../../components/ui/status-badge";
import {
  PublisherLiveListsDocument,
  RequestPayoutDocument,
  type PublisherBalanceFragment,
  type PublisherPayoutFragment,
  type PublisherPayoutMethodFragment,
} from "../../../gql/graphql";
import { PayoutMethodDialog } from "./payout-method-dialog";
import { prependToList } from "../../../lib/cache-updates";

interface PayoutsTabProps {
  balance: PublisherBalanceFragment;
  method: PublisherPayoutMethodFragment | null | undefined;
  payouts: PublisherPayoutFragment[];
}

/** Why Request Payout is off, in the order the publisher can act on it. */
function whyNot(balance: PublisherBalanceFragment): string | null {
  if (balance.canRequestPayout) return null;
  if (balance.requested > 0) return `Your request of ${formatMoney(balance.requested)} is waiting to be paid; you can request again once it is.`;
  if (balance.payable < balance.minimumPayout) {
    return `You can request a payout once ${formatMoney(balance.minimumPayout, { cents: false })} is payable.`;
  }
  if (!balance.hasPayoutMethod) return "Add a payout method to request a payout.";
  return null;
}

export function PayoutsTab({ balance, method, payouts }: PayoutsTabProps) {
  const [editing, setEditing] = useState(false);
  const [requestPayout, { loading }] = useMutation(RequestPayoutDocument, {
    update: (cache, { data }) => prependToList(cache, "myPayouts", data?.requestPayout),
    // The balance has no id to update in place: its small query is asked again, not the dashboard.
    refetchQueries: [PublisherLiveListsDocument],
    awaitRefetchQueries: true,
  });

  const request = async () => {
    await withFeedback(() => requestPayout(), {
      success: ({ data }) => `Payout${data ? ` of ${formatMoney(data.requestPayout.amount)}` : ""} requested`,
      failure: "Failed to request payout",
    });
  };
  const reason = whyNot(balance);

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Header>
          <Card.Title>Payable Now</Card.Title>
          <Card.Description>Paid monthly, Net-30: a month's earnings become payable 30 days after the month ends.</Card.Description>
        </Card.Header>
        <Card.Body gap="4" alignItems="flex-start">
          <Text fontSize="3xl" fontWeight="bold" aria-label="Payable balance">
            {formatMoney(balance.payable)}
          </Text>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" width="full">
            <Figure label="Earned">{formatMoney(balance.earned)}</Figure>
            <Figure label="Pending">{formatMoney(balance.pending)}</Figure>
            <Figure label="Requested">{formatMoney(balance.requested)}</Figure>
            <Figure label="Paid">{formatMoney(balance.paid)}</Figure>
          </SimpleGrid>
          {balance.nextPayableAt && (
            <Text fontSize="sm" color="fg.muted">
              {formatMoney(balance.nextPayable)} becomes payable on {formatDate(balance.nextPayableAt)}.
            </Text>
          )}
          <Text color="fg.muted">Minimum payout: {formatMoney(balance.minimumPayout, { cents: false })}</Text>
          <Button colorPalette="brand" disabled={!balance.canRequestPayout} loading={loading} onClick={request}>
            Request Payout
          </Button>
          {reason && (
            <Text fontSize="sm" color="fg.muted">
              {reason}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Card.Title>Payout Method</Card.Title>
        </Card.Header>
        <Card.Body gap="3" alignItems="flex-start">
          {method ? (
            <HStack gap="3" aria-label="Payout method on file">
              <Text fontWeight="medium">{method.label}</Text>
              <Text fontFamily="mono">{method.masked}</Text>
              {method.accountHolder && <Text color="fg.muted">{method.accountHolder}</Text>}
            </HStack>
          ) : (
            <Text color="fg.muted">No payout method on file yet: bank transfer, PayPal or wire.</Text>
          )}
          <Button variant="outline" onClick={() => setEditing(true)}>
            {method ? "Change Payout Method" : "Add Payout Method"}
          </Button>
        </Card.Body>
      </Card.Root>
      <PayoutMethodDialog open={editing} onClose={() => setEditing(false)} />
      <Card.Root>
        <Card.Header>
          <Card.Title>Payout History</Card.Title>
        </Card.Header>
        <Card.Body>
          {payouts.length === 0 ? (
            <Text color="fg.muted">No payouts yet.</Text>
          ) : (
            <DataTable label="Payout history" columns={["Amount", "Method", "Status", "Requested", "Paid", "Reference"]}>
              {payouts.map((p) => (
                <Table.Row key={p.id}>
                  <Table.Cell>{formatMoney(p.amount)}</Table.Cell>
                  <Table.Cell>{p.method ? `${p.method.label} ${p.method.masked}` : "—"}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={p.status} />
                  </Table.Cell>
                  <Table.Cell>{formatDate(p.createdAt)}</Table.Cell>
                  <Table.Cell>{p.paidAt ? formatDate(p.paidAt) : "—"}</Table.Cell>
                  <Table.Cell>{p.paidReference ?? "—"}</Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          )}
        </Card.Body>
      </Card.Root>
      <StatementsCard title="Statements" amountLabel="Earnings" empty="No statements yet: the first is issued on the first of the month after your sites earn." />
    </Stack>
  );
}
