import { Badge, Card, HStack, SimpleGrid, Stack, Stat, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { SelectInput } from "../../../components/form/select-input";
import { formatCount, formatPercent } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { usePickedCampaign } from "../hooks/use-picked-campaign";
import { CampaignInsightsDocument, type CampaignInsightsQuery } from "../../../gql/graphql";

type Insight = CampaignInsightsQuery["campaignInsights"]["insights"][number];

const RANGES = [
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
];
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to today, as the query's dates. */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** A campaign's reach and frequency, and where its ads were seen against the network's average. */
export function CampaignInsightsCard() {
  const { campaignId, setPicked, options } = usePickedCampaign();
  const [days, setDays] = useState("30");
  if (options.length === 0) return null;
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Card.Title>Insights</Card.Title>
          <HStack gap="3" wrap="wrap">
            <SelectInput label="Campaign" value={campaignId} onChange={setPicked} options={options} />
            <SelectInput label="Range" value={days} onChange={setDays} options={RANGES} />
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>{campaignId && <InsightsOf campaignId={Number(campaignId)} days={Number(days)} />}</Card.Body>
    </Card.Root>
  );
}

function InsightsOf({ campaignId, days }: { campaignId: number; days: number }) {
  const query = useQuery(CampaignInsightsDocument, { variables: { campaignId, ...lastDays(days) }, fetchPolicy: "cache-and-network" });
  const insights = query.data?.campaignInsights;
  const lookalike = query.data?.campaignLookalike;
  return (
    <QueryPanel {...loadStateOf(query)} failureMessage="Failed to load the campaign's insights">
      {insights && (
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
            <Stat.Root>
              <Stat.Label>Reach</Stat.Label>
              <Stat.ValueText>{formatCount(insights.reach.visitors)}</Stat.ValueText>
              <Stat.HelpText>unique visitors, ±{insights.reach.standardErrorPercent}%</Stat.HelpText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Frequency</Stat.Label>
              <Stat.ValueText>{insights.reach.frequency == null ? "–" : insights.reach.frequency.toFixed(2)}</Stat.ValueText>
              <Stat.HelpText>impressions per visitor</Stat.HelpText>
            </Stat.Root>
            <Stat.Root>
              <Stat.Label>Not in reach</Stat.Label>
              <Stat.ValueText>{formatCount(insights.reach.unidentifiedImpressions)}</Stat.ValueText>
              <Stat.HelpText>impressions of visitors without an identifier</Stat.HelpText>
            </Stat.Root>
          </SimpleGrid>
          <Text textStyle="sm" color="fg.muted">
            {insights.reach.counting}
          </Text>
          {lookalike && (
            <Text textStyle="sm">
              <Badge colorPalette="purple" mr="2">
                Lookalike
              </Badge>
              {lookalike.description}
            </Text>
          )}
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
            {insights.insights.map((insight) => (
              <DimensionTable key={insight.dimension} insight={insight} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </QueryPanel>
  );
}

/** Index 100 is the network's own share: above it the campaign is over-represented there. */
function IndexBadge({ index }: { index?: number | null }) {
  if (index == null) return <>–</>;
  return <Badge colorPalette={index >= 120 ? "green" : index <= 80 ? "orange" : "gray"}>{index}</Badge>;
}

function DimensionTable({ insight }: { insight: Insight }) {
  const measure = insight.measure === "requests" ? "Requests" : "Impressions";
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{insight.label}</Text>
      {insight.values.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          Nothing counted yet.
        </Text>
      ) : (
        <DataTable
          label={insight.label}
          columns={[insight.label, { label: measure, numeric: true }, { label: "Share", numeric: true }, { label: "Network", numeric: true }, { label: "Index", numeric: true }]}
        >
          {insight.values.map((value) => (
            <Table.Row key={value.value}>
              <Table.Cell>{value.label}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(value.count)}</Table.Cell>
              <Table.Cell textAlign="end">{formatPercent(value.share)}</Table.Cell>
              <Table.Cell textAlign="end">{formatPercent(value.networkShare)}</Table.Cell>
              <Table.Cell textAlign="end">
                <IndexBadge index={value.index} />
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
