import { Button, Card, Flex, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import type { TypedDocumentNode } from "@apollo/client";
import { lazy, Suspense, useState, type ReactNode } from "react";
import type { ReportBreakdown, ReportGranularity, ReportInput } from "../../../gql/graphql";
import { withFeedback } from "../../../lib/mutation-feedback";
import { userInputMessage } from "../../../lib/server-error-message";
import { DataTable, type Column } from "../../../components/data-table";
import { EmptyPanel } from "../../../components/empty-panel";
import { FormField } from "../../../components/form/form-field";
import { SelectInput } from "../../../components/form/select-input";
import { useFormOptions } from "../../../components/form/with-form-options";
import { formatCount, formatDate } from "../../../components/format";
import { QueryPanel } from "../../../components/query-panel";
import { LIVE_FIGURES_MS, pageHidden } from "../../../lib/use-live-figures";
import { downloadCsv } from "./csv-download";
import { addsUp, formatMetric, type MetricColumn } from "./report-columns";
import { ReportControls, type BreakdownOption } from "./report-controls";
import { comparePeriods, periodLabel } from "./report-periods";
import { todayIn } from "./report-range";
import { PAGE_SIZE, useReportSettings, type ReportControls as Controls } from "./use-report-settings";

const ReportChart = lazy(() => import("./report-chart"));

/** The fields every report row has; the figures differ by audience. */
export interface ReportRow {
  key: string;
  label: string;
}

/** What the three report queries have in common. */
export interface ReportData<Row extends ReportRow> {
  from: string;
  to: string;
  timeZone: string;
  granularity: ReportGranularity;
  periods: string[];
  previousPeriods: string[];
  breakdown: ReportBreakdown;
  totals: Row;
  series: Row[];
  previousSeries: Row[];
  rows: Row[];
  totalRows: number;
  offset: number;
}

interface ReportScreenProps<Data, Row extends ReportRow> {
  /** Names the table and the chart for screen readers, e.g. "Publisher report". */
  title: string;
  query: TypedDocumentNode<Data, { input: ReportInput }>;
  select: (data: Data) => ReportData<Row>;
  // Row comes from what `select` answers; the columns must name its fields.
  columns: readonly MetricColumn<Extract<keyof NoInfer<Row>, string>>[];
  breakdowns: readonly BreakdownOption[];
  /** The CSV export of the same report under /api. */
  csvPath: string;
  /** More of the same report under the table, such as the network's refused traffic. */
  extra?: (data: Data) => ReactNode;
  /** Figures read on their own for the same days, under the report whatever state it is in (the network's traffic quality). */
  sameDays?: (days: ReportDays) => ReactNode;
}

/** The first and last day a report screen shows, YYYY-MM-DD in the reporting time zone. */
export interface ReportDays {
  from: string;
  to: string;
}

// Reports count in one time zone for the whole network, which the server's form options name;
// until they arrive (they are usually cached already) the presets count UTC days.
const ASSUMED_TIME_ZONE = "UTC";

/** The Reports screen of every audience: range and breakdown, a chart of one figure, the table and its CSV. */
export function ReportScreen<Data, Row extends ReportRow>({ title, query, select, columns, breakdowns, csvPath, extra, sameDays }: ReportScreenProps<Data, Row>) {
  const timeZone = useFormOptions().options?.reportTimeZone ?? ASSUMED_TIME_ZONE;
  const controls = useReportSettings(timeZone);
  // A range that reaches today is still being counted: it refreshes as the stat cards do.
  const live = controls.input.to >= todayIn(timeZone);
  const result = useQuery(query, {
    variables: { input: controls.input },
    skip: !controls.ready,
    pollInterval: live ? LIVE_FIGURES_MS : 0,
    skipPollAttempt: pageHidden,
  });
  const loading = result.loading || !controls.ready;
  // Through a change of range the last report stays on screen until the new one arrives.
  const data = (result.data ?? (loading ? result.previousData : undefined)) as Data | undefined;
  const report = data ? select(data) : undefined;
  const refusal = loading ? undefined : userInputMessage(result.error);
  // A date breakdown lists every period of the range, the quiet ones too: nothing was counted when every figure that adds up is zero.
  const nothingCounted = !report || columns.every((column) => !addsUp(column.kind) || !report.totals[column.metric]);

  return (
    <Stack gap="4">
      <Flex gap="3" wrap="wrap" justify="space-between" align="flex-end">
        <ReportControls controls={controls} breakdowns={breakdowns} />
        <DownloadCsvButton csvPath={csvPath} input={controls.input} disabled={nothingCounted || loading} />
      </Flex>
      {report && <RangeNote report={report} />}
      {refusal ? (
        <EmptyPanel title={refusal} description="Change the range or the granularity above." />
      ) : (
        <QueryPanel
          loading={!report && loading}
          error={loading ? undefined : result.error}
          onRetry={() => void result.refetch().catch(() => undefined)}
          failureMessage="Failed to load the report"
          loadingLabel="Loading the report"
        >
          {report && data && (
            <Stack gap="4" opacity={loading ? 0.6 : 1} aria-busy={loading}>
              {nothingCounted ? (
                <EmptyPanel title="Nothing counted in this range" description="Pick a longer range, or come back once ads have been served." />
              ) : (
                <>
                  <TrendCard title={title} report={report} columns={columns} />
                  <ReportTable title={title} report={report} columns={columns} controls={controls} />
                </>
              )}
              {extra?.(data)}
            </Stack>
          )}
        </QueryPanel>
      )}
      {controls.ready && sameDays?.({ from: controls.input.from, to: controls.input.to })}
    </Stack>
  );
}

/** The server's own reading of the range, with its time zone: the days are that zone's days. */
function RangeNote({ report }: { report: ReportData<ReportRow> }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {formatDate(report.from)} – {formatDate(report.to)}, in days of the {report.timeZone} time zone
    </Text>
  );
}

interface TableProps<Row extends ReportRow> {
  title: string;
  report: ReportData<Row>;
  columns: readonly MetricColumn<Extract<keyof Row, string>>[];
}

function TrendCard<Row extends ReportRow>({ title, report, columns }: TableProps<Row>) {
  const [metric, setMetric] = useState<string>(columns[0].metric);
  const column = columns.find((candidate) => candidate.metric === metric) ?? columns[0];
  const points = comparePeriods(report, (row) => row[column.metric] as number | null, addsUp(column.kind) ? 0 : null);

  return (
    <Card.Root>
      <Card.Header>
        <Flex gap="3" wrap="wrap" justify="space-between" align="flex-end">
          <Card.Title as="h3">Over time</Card.Title>
          <Flex w={{ base: "full", sm: "48" }}>
            <FormField label="Chart shows">
              <SelectInput value={column.metric} onChange={setMetric} options={columns.map((c) => ({ value: c.metric, label: c.label }))} />
            </FormField>
          </Flex>
        </Flex>
      </Card.Header>
      <Card.Body>
        <figure aria-label={`${title}: ${column.label} per period, this range against the previous one`}>
          <Suspense fallback={<Text color="fg.muted">Loading the chart…</Text>}>
            <ReportChart
              points={points}
              formatValue={(value) => formatMetric(value, column.kind)}
              wholeNumbers={column.kind === "count"}
              formatPeriod={(period) => periodLabel(period, report.granularity, report.timeZone)}
            />
          </Suspense>
        </figure>
      </Card.Body>
    </Card.Root>
  );
}

const BREAKDOWN_HEADERS: Record<ReportBreakdown, string> = {
  DATE: "Date",
  SITE: "Site",
  ZONE: "Zone",
  COUNTRY: "Country",
  AD_SIZE: "Ad size",
  CAMPAIGN: "Campaign",
  CREATIVE: "Creative",
  PUBLISHER: "Publisher",
  ADVERTISER: "Advertiser",
  PRIORITY: "Priority",
};

function ReportTable<Row extends ReportRow>({ title, report, columns, controls }: TableProps<Row> & { controls: Controls }) {
  const { sortBy, descending } = controls.settings;
  const direction = (sorted: boolean) => (sorted ? (descending ? "descending" : "ascending") : null);
  // Periods can be put in order by their date (the server's own order); the other breakdowns only by a figure.
  const labelColumn: Column = {
    label: BREAKDOWN_HEADERS[report.breakdown],
    sort:
      report.breakdown === "DATE"
        ? { direction: sortBy === null ? (descending ? "descending" : "ascending") : null, onSort: () => controls.sort(null, sortBy === null && !descending) }
        : undefined,
  };
  const metricColumns: Column[] = columns.map(({ metric, label, hint }) => ({
    label,
    hint,
    numeric: true,
    sort: { direction: direction(sortBy === metric), onSort: () => controls.sort(metric, sortBy === metric ? !descending : true) },
  }));
  const cells = (row: Row) =>
    columns.map(({ metric, kind }) => (
      <Table.Cell key={metric} textAlign="end">
        {formatMetric(row[metric] as number | null, kind)}
      </Table.Cell>
    ));

  return (
    <Card.Root>
      <Card.Body gap="3">
        <DataTable
          label={`${title} by ${BREAKDOWN_HEADERS[report.breakdown].toLowerCase()}`}
          columns={[labelColumn, ...metricColumns]}
          footer={
            <Table.Row fontWeight="semibold">
              <Table.Cell>Total</Table.Cell>
              {cells(report.totals)}
            </Table.Row>
          }
        >
          {report.rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell>{row.label}</Table.Cell>
              {cells(row)}
            </Table.Row>
          ))}
        </DataTable>
        <Pagination offset={report.offset} shown={report.rows.length} totalRows={report.totalRows} onPage={controls.goToOffset} />
      </Card.Body>
    </Card.Root>
  );
}

function Pagination({ offset, shown, totalRows, onPage }: { offset: number; shown: number; totalRows: number; onPage: (offset: number) => void }) {
  return (
    <Flex gap="3" align="center" justify="space-between" wrap="wrap">
      <Text fontSize="sm" color="fg.muted">
        Rows {formatCount(shown === 0 ? 0 : offset + 1)}–{formatCount(offset + shown)} of {formatCount(totalRows)}
      </Text>
      <Flex gap="2">
        <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - PAGE_SIZE))}>
          Previous page
        </Button>
        <Button size="sm" variant="outline" disabled={offset + shown >= totalRows} onClick={() => onPage(offset + PAGE_SIZE)}>
          Next page
        </Button>
      </Flex>
    </Flex>
  );
}

/** The query of the CSV export: the report's input in snake_case, every row rather than a page. */
function csvQuery(input: ReportInput): Record<string, string> {
  const query: Record<string, string> = { from: input.from, to: input.to };
  if (input.granularity) query.granularity = input.granularity.toLowerCase();
  if (input.breakdown) query.breakdown = input.breakdown.toLowerCase();
  if (input.sortBy) query.sort_by = input.sortBy.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  if (input.descending !== null && input.descending !== undefined) query.descending = String(input.descending);
  return query;
}

function DownloadCsvButton({ csvPath, input, disabled }: { csvPath: string; input: ReportInput; disabled: boolean }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await withFeedback(() => downloadCsv(csvPath, csvQuery(input)), { success: (filename) => `Downloaded ${filename}`, failure: "Failed to download the report" });
    setDownloading(false);
  };
  return (
    <Button variant="outline" onClick={download} loading={downloading} disabled={disabled}>
      Download CSV
    </Button>
  );
}
