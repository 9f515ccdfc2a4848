import { Button, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation } from "@apollo/client/react";
import { useLiveQuery } from "../../../lib/use-live-figures";
import { useState } from "react";
import { downloadFile } from "../../../lib/download-file";
import { formatDate, formatMoney } from "../../../components/format";
import { servedActions } from "../../../components/served-actions";
import { StatusBadge } from "../../../components/ui/status-badge";
import { withFeedback } from "../../../lib/mutation-feedback";
import {
  AdminPayoutsDocument,
  MarkPayoutPaidDocument,
  type AdminPayoutFragment,
  type PayoutMethodType,
  type PayoutStatus,
} from "../../../gql/graphql";
import { AdminListFrame, statusOptions, useAdminList } from "./admin-list";
import { MarkPaidDialog } from "./mark-paid-dialog";
import { settleMovedRow, type ListOnScreen } from "./settle-moved-row";

/** Every requested payout with the full account it goes to, for the bank. */
const BATCH_PATH = "/api/admin/payouts/requested.csv";

const STATUSES = statusOptions<PayoutStatus>(["REQUESTED", "PAID"]);

export function PayoutRequestsTab() {
  // Requests waiting to be paid first: they are this tab's work.
  const list = useAdminList<PayoutStatus>("REQUESTED");
  // Always asked again: a payout marked paid must show under Paid even if that list was seen before.
  const listInput = { ...list.input, status: list.status };
  const query = useLiveQuery(AdminPayoutsDocument, { variables: { input: listInput }, fetchPolicy: "cache-and-network" });
  const onScreen: ListOnScreen<typeof listInput> = { query: AdminPayoutsDocument, input: listInput, field: "payouts", status: list.status, badge: { figure: "requestedPayouts", status: "REQUESTED" } };
  const [markPaid] = useMutation(MarkPayoutPaidDocument);
  const [confirming, setConfirming] = useState<AdminPayoutFragment | null>(null);
  const label = STATUSES.find((s) => s.value === list.status)?.label ?? "All";

  const [downloading, setDownloading] = useState(false);

  const pay = (input: { method: PayoutMethodType; reference: string }) =>
    withFeedback(() => markPaid({ variables: { id: confirming!.id, input }, update: (cache, { data }) => settleMovedRow(cache, onScreen, confirming!, data?.markPayoutPaid) }), {
      success: "Payout marked as paid",
      failure: "Failed to mark payout as paid",
    });

  const downloadBatch = async () => {
    setDownloading(true);
    await withFeedback(() => downloadFile(BATCH_PATH, "payout-batch.csv"), {
      success: (filename) => `Downloaded ${filename}`,
      failure: "Failed to download the payout batch",
    });
    setDownloading(false);
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text color="fg.muted" fontSize="sm">
          The batch lists every requested payout with its full account, for the bank.
        </Text>
        <Button variant="outline" size="sm" loading={downloading} onClick={downloadBatch}>
          Download Batch CSV
        </Button>
      </HStack>
      <AdminListFrame
        list={list}
        noun="payouts"
        searchPlaceholder="Publisher name or e-mail"
        statuses={STATUSES}
        query={query}
        pageOf={(data) => data.payouts}
        empty={
          list.status === "PAID"
            ? { title: "No paid payouts yet", description: "Payouts marked paid appear here." }
            : { title: "No payout requests", description: "Requested payouts appear here." }
        }
        table={{ label: `${label} payouts`, columns: ["Publisher", "Amount", "Method", "Status", "Requested", "Paid", ""] }}
      >
        {(payouts) =>
          payouts.map((p) => (
            <Table.Row key={p.id}>
              <Table.Cell>
                <Text>{p.owner?.fullName}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {p.owner?.email}
                </Text>
              </Table.Cell>
              <Table.Cell>{formatMoney(p.amount)}</Table.Cell>
              <Table.Cell>
                {p.method ? (
                  <>
                    <Text>{p.method.label}</Text>
                    <Text fontSize="sm" color="fg.muted" fontFamily="mono">
                      {p.method.masked}
                    </Text>
                  </>
                ) : (
                  "—"
                )}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={p.status} />
              </Table.Cell>
              <Table.Cell>{formatDate(p.createdAt)}</Table.Cell>
              <Table.Cell>
                {p.paidAt ? formatDate(p.paidAt) : "—"}
                {p.paidReference && (
                  <Text fontSize="sm" color="fg.muted">
                    {p.paidReference}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">
                {servedActions(p.nextActions, { MARK_PAID: { label: "Mark Paid", size: "xs", colorPalette: "green", onClick: () => setConfirming(p) } })}
              </Table.Cell>
            </Table.Row>
          ))
        }
      </AdminListFrame>
      <MarkPaidDialog payout={confirming} onClose={() => setConfirming(null)} onConfirm={pay} />
    </Stack>
  );
}
