import { Card, HStack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DataTable } from "../../../components/data-table";
import { SelectInput } from "../../../components/form/select-input";
import { formatCount, formatPercent } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { usePickedCampaign } from "../hooks/use-picked-campaign";
import { CampaignCreativeRotationDocument, type CampaignCreativeRotationQuery } from "../../../gql/graphql";

type Rotation = CampaignCreativeRotationQuery["campaignCreativeRotation"];

const COLUMNS = [
  "Creative",
  { label: "Impressions", numeric: true },
  { label: "Clicks", numeric: true },
  { label: "CTR", numeric: true },
  { label: "Share now", numeric: true },
];

/** A campaign broken down by creative: the results its rotation reads, and the share of impressions each creative gets now. */
export function CreativeRotationCard() {
  const { campaignId, setPicked, options } = usePickedCampaign();
  if (options.length === 0) return null;
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Card.Title>Creative rotation</Card.Title>
          <SelectInput label="Campaign" value={campaignId} onChange={setPicked} options={options} />
        </HStack>
      </Card.Header>
      <Card.Body>{campaignId && <RotationOf campaignId={Number(campaignId)} />}</Card.Body>
    </Card.Root>
  );
}

function RotationOf({ campaignId }: { campaignId: number }) {
  const query = useQuery(CampaignCreativeRotationDocument, { variables: { campaignId }, fetchPolicy: "cache-and-network" });
  const rotation = query.data?.campaignCreativeRotation;
  return (
    <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load the creative rotation">
      {rotation && (
        <>
          <Text textStyle="sm" color="fg.muted" mb="3">
            {explanation(rotation)}
          </Text>
          <DataTable label="Creative rotation" columns={COLUMNS}>
            {rotation.creatives.map((creative) => (
              <Table.Row key={creative.creativeId}>
                <Table.Cell>{creative.name}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(creative.impressions)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(creative.clicks)}</Table.Cell>
                <Table.Cell textAlign="end">{formatPercent(creative.ctr)}</Table.Cell>
                <Table.Cell textAlign="end">{formatPercent(creative.share)}</Table.Cell>
              </Table.Row>
            ))}
          </DataTable>
        </>
      )}
    </QueryPanel>
  );
}

function explanation(rotation: Rotation): string {
  const basis = `Impressions and clicks of the last ${rotation.basedOnDays} days.`;
  if (rotation.rotation === "optimised") {
    return `Optimised rotation: each creative's share follows its odds of having the best click rate; 10% of impressions are still shared evenly, so every creative keeps being measured. ${basis}`;
  }
  return `Even rotation: the creatives of a size share the campaign's impressions alike. ${basis}`;
}
