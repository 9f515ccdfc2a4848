import { Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DataTable } from "../data-table";
import { loadStateOf, QueryPanel } from "../query-panel";
import { AppDialog } from "../ui/app-dialog";
import { CampaignHistoryDocument } from "../../gql/graphql";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** Who changed what on a campaign, from what to what, newest first: for its advertiser and the admins alike. */
export function CampaignHistoryDialog({ campaign, onClose }: { campaign: { id: number; name: string } | null; onClose: () => void }) {
  return (
    <AppDialog open={campaign !== null} onOpenChange={(open) => !open && onClose()} title={campaign ? `History of ${campaign.name}` : "History"} size="xl">
      {campaign && <CampaignHistory id={campaign.id} />}
    </AppDialog>
  );
}

function CampaignHistory({ id }: { id: number }) {
  // Network first: the history is read right after the edit it should list.
  const query = useQuery(CampaignHistoryDocument, { variables: { id }, fetchPolicy: "network-only" });
  const changes = query.data?.campaignHistory;
  return (
    <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load the history" loadingLabel="Loading the history">
      {changes && changes.length === 0 && <Text color="fg.muted">No changes yet.</Text>}
      {changes && changes.length > 0 && (
        <DataTable label="Campaign history" cardsOnPhones columns={["When", "Who", "What", "Field", "From", "To"]}>
          {changes.map((change) => (
            <Table.Row key={change.id}>
              <Table.Cell whiteSpace="nowrap">{when.format(new Date(change.at))}</Table.Cell>
              <Table.Cell>{change.by}</Table.Cell>
              <Table.Cell>{change.action}</Table.Cell>
              <Table.Cell>{change.field ?? "—"}</Table.Cell>
              <Table.Cell>{change.from ?? "—"}</Table.Cell>
              <Table.Cell>{change.to ?? "—"}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
    </QueryPanel>
  );
}
