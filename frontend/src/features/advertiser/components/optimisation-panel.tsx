import { Button, Heading, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { DataTable } from "../../../components/data-table";
import { formatCount, formatDate, formatMoney } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { RevealButton } from "../../../components/reveal-button";
import { CampaignOptimisationDocument, UndoPlacementExclusionDocument, type CampaignOptimisationFieldsFragment } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";

const ZONE_COLUMNS = ["Zone", { label: "Impressions", numeric: true }, { label: "Results", numeric: true }, { label: "Spend", numeric: true }, { label: "Bid now (CPM)", numeric: true }, "Verdict"];
const EXCLUSION_COLUMNS = ["Zone", "Reason", "Since", ""];

/** A goal campaign's Optimisation card behind a button: its bids per zone now, and the placements the engine excluded, each with an Undo. */
export function OptimisationPanel({ campaignId, campaignName }: { campaignId: number; campaignName: string }) {
  return (
    <RevealButton showLabel="Show optimisation" hideLabel="Hide optimisation">
      {() => <OptimisationOf campaignId={campaignId} campaignName={campaignName} />}
    </RevealButton>
  );
}

function OptimisationOf({ campaignId, campaignName }: { campaignId: number; campaignName: string }) {
  const query = useQuery(CampaignOptimisationDocument, { variables: { campaignId }, fetchPolicy: "cache-and-network" });
  const optimisation = query.data?.campaignOptimisation;
  return (
    <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load the optimisation">
      {optimisation && <OptimisationCard optimisation={optimisation} campaignName={campaignName} />}
    </QueryPanel>
  );
}

function OptimisationCard({ optimisation, campaignName }: { optimisation: CampaignOptimisationFieldsFragment; campaignName: string }) {
  // The card has no id of its own to be merged by: the Undo's answer replaces the card's query.
  const [undo, { loading }] = useMutation(UndoPlacementExclusionDocument, {
    update: (cache, { data }) =>
      data && cache.writeQuery({ query: CampaignOptimisationDocument, variables: { campaignId: optimisation.campaignId }, data: { campaignOptimisation: data.undoPlacementExclusion } }),
  });
  const excluded = optimisation.exclusions.filter((exclusion) => exclusion.state === "excluded");
  const kept = optimisation.exclusions.filter((exclusion) => exclusion.state === "kept");
  return (
    <Stack gap="3" aria-label={`Optimisation of ${campaignName}`} role="region">
      <Heading size="sm">Optimisation</Heading>
      <Text textStyle="sm" color="fg.muted">
        {optimisation.exploringBidCpm == null
          ? "The engine is pricing this campaign; its bids appear within a few minutes."
          : `Bids per zone are set from each zone's predicted results; a zone without results yet is explored at ${formatMoney(optimisation.exploringBidCpm)} CPM.`}
      </Text>
      {optimisation.zones.length > 0 && (
        <DataTable label="Bids per zone" columns={ZONE_COLUMNS}>
          {optimisation.zones.map((zone) => (
            <Table.Row key={zone.zoneId}>
              <Table.Cell>{zone.name}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(zone.impressions)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(zone.results)}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(zone.spend)}</Table.Cell>
              <Table.Cell textAlign="end">{zone.excluded ? "Excluded" : zone.bidCpm == null ? "—" : formatMoney(zone.bidCpm)}</Table.Cell>
              <Table.Cell>{zone.verdict}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
      <Heading size="xs">Excluded placements</Heading>
      {excluded.length === 0 ? (
        <Text textStyle="sm">No placement is excluded.</Text>
      ) : (
        <DataTable label="Excluded placements" columns={EXCLUSION_COLUMNS}>
          {excluded.map((exclusion) => (
            <Table.Row key={exclusion.zoneId}>
              <Table.Cell>{exclusion.name}</Table.Cell>
              <Table.Cell>{exclusion.reason}</Table.Cell>
              <Table.Cell>{formatDate(exclusion.excludedAt)}</Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  variant="outline"
                  loading={loading}
                  aria-label={`Undo the exclusion of ${exclusion.name}`}
                  onClick={() =>
                    withFeedback(() => undo({ variables: { campaignId: optimisation.campaignId, zoneId: exclusion.zoneId } }), {
                      success: `${exclusion.name} is back in the campaign`,
                      failure: "Failed to undo the exclusion",
                    })
                  }
                >
                  Undo
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
      {kept.map((exclusion) => (
        <Text key={exclusion.zoneId} textStyle="sm" color="fg.muted">
          {exclusion.name} was put back{exclusion.heldUntil ? `; the engine leaves it alone until ${formatDate(exclusion.heldUntil)}` : ""}.
        </Text>
      ))}
    </Stack>
  );
}
