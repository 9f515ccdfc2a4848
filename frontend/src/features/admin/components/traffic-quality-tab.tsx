import { Card, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { DataTable } from "../../../components/data-table";
import { EmptyPanel } from "../../../components/empty-panel";
import { formatCount, formatPercent } from "../../../components/format";
import { loadStateOf, QueryPanel } from "../../../components/query-panel";
import { StatCardGrid } from "../../../components/stat-card-grid";
import { TrafficQualityDocument, type TrafficQualityQuery } from "../../../gql/graphql";
import { useFormOptions } from "../../../components/form/with-form-options";
import type { ReportDays } from "../../reports/components/report-screen";

type TrafficQuality = TrafficQualityQuery["trafficQuality"];

/** Counted and refused traffic over the days the Analytics report shows. */
export function TrafficQualityTab({ days }: { days: ReportDays }) {
  const query = useQuery(TrafficQualityDocument, { variables: { range: days } });
  const { data } = query;

  return (
    <QueryPanel
      {...loadStateOf(query)}
      failureMessage="Failed to load traffic quality"
    >
      {data && <TrafficQualityPanel quality={data.trafficQuality} />}
    </QueryPanel>
  );
}

function TrafficQualityPanel({ quality }: { quality: TrafficQuality }) {
  const { options } = useFormOptions();
  const labels = new Map(options?.invalidTrafficReasons.map((reason) => [reason.value, reason.label]));
  // Until the labels arrive, or for a code newer than this screen, the code still reads as words.
  const describeReason = (reason: string) => labels.get(reason) ?? reason.replaceAll("_", " ");

  if (quality.impressions + quality.clicks + quality.invalidEvents === 0) {
    return <EmptyPanel title="No traffic in this range" description="Counted and refused ad events appear here once ads are served; pick a longer range above." />;
  }

  return (
    <Stack gap="4">
      <StatCardGrid
        label="Traffic quality"
        stats={[
          { label: "Counted impressions", value: formatCount(quality.impressions) },
          { label: "Counted clicks", value: formatCount(quality.clicks) },
          { label: "Invalid events", value: formatCount(quality.invalidEvents) },
          { label: "Invalid share", value: formatPercent(quality.invalidShare) },
        ]}
      />
      {quality.byReason.length === 0 ? (
        <EmptyPanel title="No invalid traffic" description="Every event in this range was counted." />
      ) : (
        <Card.Root>
          <Card.Body gap="3">
            <Text fontWeight="semibold">Refused events by reason</Text>
            <DataTable label="Refused events by reason" columns={["Event", "Reason", { label: "Events", numeric: true }, { label: "Share", numeric: true }]}>
              {quality.byReason.map((row) => (
                <Table.Row key={`${row.event}:${row.reason}`}>
                  <Table.Cell textTransform="capitalize">{row.event}</Table.Cell>
                  <Table.Cell>{describeReason(row.reason)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(row.events)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatPercent(row.share)}</Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
