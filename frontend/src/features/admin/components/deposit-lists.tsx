import { Button, Card, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { DEPOSIT_COLUMNS, DepositCells } from "../../funds/components/deposit-cells";
import { formatDate, formatMoney } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { AppDialog } from "../../../components/ui/app-dialog";
import { AdminDepositsDocument, type AdminDepositsQuery, type DepositStatus } from "../../../gql/graphql";
import { AdminListFrame, statusOptions, useAdminList } from "./admin-list";
import { RecordTransferForm } from "./record-transfer-form";

type Deposit = AdminDepositsQuery["depositRequests"]["items"][number];

const STATUSES = statusOptions<DepositStatus>(["PENDING", "RECEIVED", "CANCELLED"]);

/** A Record button on each row the server lets an admin record, opening the form pre-filled with the row's reference and amount announced. */
function useRecordDialog() {
  const [recording, setRecording] = useState<Deposit | null>(null);
  const button = (deposit: Deposit) =>
    deposit.actions.includes("RECORD") && (
      <Button size="xs" variant="outline" aria-label={`Record ${deposit.reference}`} onClick={() => setRecording(deposit)}>
        Record
      </Button>
    );
  const dialog = (
    <AppDialog
      open={recording !== null}
      onOpenChange={(open) => !open && setRecording(null)}
      title="Record a transfer"
      description={recording ? `${recording.advertiserEmail} announced ${formatMoney(recording.amount)}; enter the amount that arrived.` : undefined}
    >
      {recording && (
        <RecordTransferForm initial={{ reference: recording.reference, amount: String(recording.amount), memo: "" }} onRecorded={() => setRecording(null)} />
      )}
    </AppDialog>
  );
  return { button, dialog };
}

/** The transfers advertisers announced and the network has not yet received, newest first. */
export function AwaitedTransfers() {
  const query = useQuery(AdminDepositsDocument, { variables: { input: { status: "PENDING", limit: 50 } }, fetchPolicy: "cache-and-network" });
  const record = useRecordDialog();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Transfers awaited</Card.Title>
        <Card.Description>Deposit requests whose money has not been recorded yet, newest first.</Card.Description>
      </Card.Header>
      <Card.Body>
        <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load deposit requests">
          {query.data &&
            (query.data.depositRequests.items.length === 0 ? (
              <Text color="fg.muted">No transfers awaited.</Text>
            ) : (
              <DataTable label="Transfers awaited" columns={["Reference", "Advertiser", { label: "Amount announced", numeric: true }, "Requested", ""]}>
                {query.data.depositRequests.items.map((r) => (
                  <Table.Row key={r.id}>
                    <Table.Cell fontFamily="mono">{r.reference}</Table.Cell>
                    <Table.Cell>{r.advertiserEmail}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(r.amount)}</Table.Cell>
                    <Table.Cell>{formatDate(r.createdAt)}</Table.Cell>
                    <Table.Cell textAlign="end">{record.button(r)}</Table.Cell>
                  </Table.Row>
                ))}
              </DataTable>
            ))}
        </QueryPanel>
        {record.dialog}
      </Card.Body>
    </Card.Root>
  );
}

/** Every deposit request a page at a time, the recorded ones first shown: both amounts, the note, who paid and when. */
export function DepositList() {
  const list = useAdminList<DepositStatus>("RECEIVED");
  const query = useQuery(AdminDepositsDocument, { variables: { input: { ...list.input, status: list.status } } });
  const record = useRecordDialog();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>Deposits</Card.Title>
        <Card.Description>Transfers recorded, awaited and cancelled, by advertiser or reference.</Card.Description>
      </Card.Header>
      <Card.Body>
        <AdminListFrame
          list={list}
          noun="deposits"
          searchPlaceholder="Advertiser or reference"
          statuses={STATUSES}
          query={query}
          pageOf={(data) => data.depositRequests}
          empty={{ title: "No deposits recorded yet", description: "Transfers appear here once recorded." }}
        >
          {(deposits) => (
            <DataTable label="Deposits" columns={["Reference", "Advertiser", ...DEPOSIT_COLUMNS, ""]}>
              {deposits.map((r) => (
                <Table.Row key={r.id}>
                  <Table.Cell fontFamily="mono">{r.reference}</Table.Cell>
                  <Table.Cell>{r.advertiserEmail}</Table.Cell>
                  <DepositCells deposit={r} />
                  <Table.Cell textAlign="end">{record.button(r)}</Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          )}
        </AdminListFrame>
        {record.dialog}
      </Card.Body>
    </Card.Root>
  );
}
