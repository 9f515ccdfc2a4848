import { Button, Card, HStack, Table } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DataTable } from "../../../components/data-table";
import { DEPOSIT_COLUMNS, DepositCells } from "../../funds/components/deposit-cells";
import { formatMoney } from "../../../components/format";
import { AppDialog } from "../../../components/ui/app-dialog";
import { withFeedback } from "../../../lib/mutation-feedback";
import { CancelDepositDocument, type DepositRequestFieldsFragment, type MyFundsQuery } from "../../../gql/graphql";
import { TransferDetails } from "./transfer-details";

type Bank = MyFundsQuery["myFunds"]["bank"];

/**
 * The advertiser's deposit requests with both amounts, the one announced and the one that arrived,
 * the network's note, the transfer details of each request still awaited, and the moves the server
 * allows (cancel while pending).
 */
export function DepositRequestsCard({ requests, bank }: { requests: DepositRequestFieldsFragment[]; bank: Bank }) {
  const [shown, setShown] = useState<DepositRequestFieldsFragment | null>(null);
  const [cancelling, setCancelling] = useState<DepositRequestFieldsFragment | null>(null);
  const [cancelDeposit] = useMutation(CancelDepositDocument);
  if (requests.length === 0) return null;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Deposit requests</Card.Title>
      </Card.Header>
      <Card.Body>
        <DataTable label="Deposit requests" columns={["Reference", ...DEPOSIT_COLUMNS, ""]}>
          {requests.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell fontFamily="mono">{r.reference}</Table.Cell>
              <DepositCells deposit={r} />
              <Table.Cell>
                <HStack gap="2" justify="flex-end">
                  {bank && r.status === "PENDING" && (
                    <Button size="xs" variant="outline" aria-label={`Transfer details of ${r.reference}`} onClick={() => setShown(r)}>
                      Details
                    </Button>
                  )}
                  {r.actions.includes("CANCEL") && (
                    <Button size="xs" variant="outline" colorPalette="red" aria-label={`Cancel ${r.reference}`} onClick={() => setCancelling(r)}>
                      Cancel
                    </Button>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      </Card.Body>
      {bank && (
        <AppDialog open={shown !== null} onOpenChange={(open) => !open && setShown(null)} title="Transfer details" description="Your request is pending until the transfer arrives.">
          {shown && <TransferDetails request={shown} bank={bank} onDone={() => setShown(null)} />}
        </AppDialog>
      )}
      <ConfirmDialog
        title="Cancel deposit request"
        question={cancelling && `Cancel the request ${cancelling.reference} for ${formatMoney(cancelling.amount)}? Do not send the transfer after cancelling it.`}
        confirmLabel="Cancel request"
        onClose={() => setCancelling(null)}
        onConfirm={() =>
          withFeedback(() => cancelDeposit({ variables: { id: cancelling!.id } }), {
            success: `Request ${cancelling!.reference} cancelled`,
            failure: "Failed to cancel the request",
          })
        }
      />
    </Card.Root>
  );
}
