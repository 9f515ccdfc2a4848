import { Badge, Button, Card, HStack, SimpleGrid, Stack, Stat, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { DataTable } from "../../../components/data-table";
import { SelectInput } from "../../../components/form/select-input";
import { formatCount, formatPercent } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { usePickedCampaign } from "../hooks/use-picked-campaign";
import { BuildLookalikeDocument, CampaignInsightsDocument, type CampaignInsightsQuery, LookalikeAudiencesDocument } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { serverErrorMessage } from "../../../lib/server-error-message";

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
          <LookalikeForm campaignId={campaignId} />
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

/** Builds the campaign's lookalike from one of the advertiser's audiences; the server says why it cannot. */
function LookalikeForm({ campaignId }: { campaignId: number }) {
  const audiences = useQuery(LookalikeAudiencesDocument);
  const [audienceId, setAudienceId] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [build, { loading }] = useMutation(BuildLookalikeDocument, { refetchQueries: [CampaignInsightsDocument], awaitRefetchQueries: true });
  const options = (audiences.data?.myAudiences ?? []).map((audience) => ({ value: String(audience.id), label: audience.name }));
  if (options.length === 0) return null;
  const submit = async () => {
    setRefusal(null);
    const outcome = await withFeedback(() => build({ variables: { campaignId, audienceId: Number(audienceId) } }), {
      success: "The campaign now targets the audience's lookalike",
      failure: "Failed to build the lookalike",
    });
    if (!outcome.ok) setRefusal(serverErrorMessage(outcome.error, "Failed to build the lookalike"));
  };
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap" align="end">
        <SelectInput label="Lookalike of audience" value={audienceId} onChange={setAudienceId} options={options} placeholder="Pick an audience" />
        <Button size="sm" onClick={submit} disabled={!audienceId} loading={loading} loadingText="Building">
          Build lookalike
        </Button>
      </HStack>
      {refusal && (
        <Text textStyle="sm" color="fg.error" role="alert">
          {refusal}
        </Text>
      )}
    </Stack>
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
