import { Card, Table, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import type { NetworkReportQuery } from "../../../gql/graphql";
import { DataTable } from "../../../components/data-table";
import { useFormOptions } from "../../../components/form/with-form-options";
import { formatCount } from "../../../components/format";
import { refusedPerPeriod } from "./refused-traffic";
import { periodLabel } from "./report-periods";

const InvalidTrafficChart = lazy(() => import("./invalid-traffic-chart"));

/** What a report with refused traffic carries: the network's, or a publisher's own. */
type Report = Pick<NetworkReportQuery["networkReport"], "periods" | "invalid" | "granularity" | "timeZone">;

/** Refused events per period and reason, as a chart and a table. */
export function RefusedTraffic({ report }: { report: Report }) {
  const { options } = useFormOptions();
  const reasons = new Map(options?.invalidTrafficReasons.map((reason) => [reason.value, reason.label]));
  // Until the labels arrive, or for a code newer than this screen, the code still reads as words.
  const reasonInWords = (reason: string) => reasons.get(reason) ?? reason.replaceAll("_", " ");
  const formatPeriod = (period: string) => periodLabel(period, report.granularity, report.timeZone);

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h3">Refused traffic over time</Card.Title>
      </Card.Header>
      <Card.Body gap="4">
        {report.invalid.length === 0 ? (
          <Text color="fg.muted">No traffic was refused in this range.</Text>
        ) : (
          <>
            <figure aria-label="Refused events per period, by kind and reason">
              <Suspense fallback={<Text color="fg.muted">Loading the chart…</Text>}>
                <InvalidTrafficChart {...refusedPerPeriod(report, reasonInWords)} formatPeriod={formatPeriod} />
              </Suspense>
            </figure>
            <DataTable label="Refused events per period" columns={["Period", "Event", "Reason", { label: "Events", numeric: true }]}>
              {report.invalid.map((point) => (
                <Table.Row key={`${point.key}:${point.event}:${point.reason}`}>
                  <Table.Cell>{formatPeriod(point.key)}</Table.Cell>
                  <Table.Cell textTransform="capitalize">{point.event}</Table.Cell>
                  <Table.Cell>{reasonInWords(point.reason)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(point.events)}</Table.Cell>
                </Table.Row>
              ))}
            </DataTable>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
