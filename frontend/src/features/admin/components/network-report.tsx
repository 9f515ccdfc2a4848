import { Card, Table, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { DataTable } from "../../../components/data-table";
import { useFormOptions } from "../../../components/form/with-form-options";
import { formatCount } from "../../../components/format";
import { NETWORK_COLUMNS } from "../../../components/reports/report-columns";
import { periodLabel } from "../../../components/reports/report-periods";
import { ReportScreen } from "../../../components/reports/report-screen";
import { NetworkReportDocument, type NetworkReportQuery } from "../../../gql/graphql";
import { refusedPerPeriod } from "./refused-traffic";

const InvalidTrafficChart = lazy(() => import("./invalid-traffic-chart"));

const BREAKDOWNS = [
  { value: "DATE", label: "Date" },
  { value: "PUBLISHER", label: "Publisher" },
  { value: "ADVERTISER", label: "Advertiser" },
  { value: "SITE", label: "Site" },
  { value: "COUNTRY", label: "Country" },
] as const;

/** The network's spend, publisher earnings and margin over a range, with the traffic it refused. */
export function NetworkReport() {
  return (
    <ReportScreen
      title="Network report"
      query={NetworkReportDocument}
      select={(data: NetworkReportQuery) => data.networkReport}
      columns={NETWORK_COLUMNS}
      breakdowns={BREAKDOWNS}
      csvPath="/api/admin/reports.csv"
      extra={(data) => <RefusedTraffic report={data.networkReport} />}
    />
  );
}

type Report = NetworkReportQuery["networkReport"];

function RefusedTraffic({ report }: { report: Report }) {
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
