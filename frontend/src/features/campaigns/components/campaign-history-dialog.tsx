import { Button, List, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { AppDialog } from "../../../components/ui/app-dialog";
import { CampaignHistoryDocument, type CampaignHistoryQuery } from "../../../gql/graphql";

const when = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

type Change = CampaignHistoryQuery["campaignHistory"][number];

/** Who changed what on a campaign, from what to what, newest first: for its advertiser and the admins alike. */
export function CampaignHistoryDialog({ campaign, onClose }: { campaign: { id: number; name: string } | null; onClose: () => void }) {
  return (
    <AppDialog open={campaign !== null} onOpenChange={(open) => !open && onClose()} title={campaign ? `History of ${campaign.name}` : "History"} size="lg">
      {campaign && <CampaignHistory id={campaign.id} />}
    </AppDialog>
  );
}

/** A card's served action buttons followed by History, which whoever sees the card may always read. */
export function WithHistoryButton({ actions, campaignName, onOpen }: { actions: ReactNode; campaignName: string; onOpen: () => void }) {
  return (
    <>
      {actions}
      <Button size="sm" variant="ghost" aria-label={`History of ${campaignName}`} onClick={onOpen}>
        History
      </Button>
    </>
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
        <List.Root as="ol" aria-label="Campaign history" listStyle="none" gap="3">
          {changes.map((change) => (
            <ChangeItem key={change.id} change={change} />
          ))}
        </List.Root>
      )}
    </QueryPanel>
  );
}

/** "Edited: Bid", "$3.00 → $0.45", then when and by whom. */
function ChangeItem({ change }: { change: Change }) {
  const values = change.from === null || change.from === undefined ? change.to : `${change.from} → ${change.to ?? "—"}`;
  return (
    <List.Item borderBottomWidth="1px" pb="3">
      <Stack gap="0.5">
        <Text fontWeight="semibold">{change.field ? `${change.action}: ${change.field}` : change.action}</Text>
        {values && <Text>{values}</Text>}
        <Text color="fg.muted" fontSize="sm">
          {when.format(new Date(change.at))} · {change.by}
        </Text>
      </Stack>
    </List.Item>
  );
}
