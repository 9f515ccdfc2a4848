import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GraphQLError } from "graphql";
import { ReportsTab } from "../../publisher/components/reports-tab";
import { PUBLISHER_COLUMNS } from "./report-columns";
import { PublisherReportDocument, type PublisherReportQuery, type ReportInput } from "../../../gql/graphql";
import { reportGranularitiesMock } from "../../../test/form-options-mock";
import { LAZY_LOAD, renderScreen } from "../../../test/render";
import { presetRange, todayIn } from "./report-range";
import { dayAxis } from "../../../test/report-days";
import { LIVE_FIGURES_MS } from "../../../lib/use-live-figures";

jest.setTimeout(15_000);

type Row = PublisherReportQuery["publisherReport"]["totals"];

const row = (key: string, label: string, over: Partial<Row> = {}): Row => ({
  __typename: "PublisherReportRow",
  key,
  label,
  requests: 1200,
  impressions: 1000,
  fillRate: 83.33,
  clicks: 12,
  ctr: 1.2,
  revenue: 2.8,
  ecpm: 2.8,
  measured: 990,
  viewable: 700,
  viewabilityRate: 70.71,
  videoStarts: 0,
  completes: 0,
  completionRate: null,
  expansions: 0,
  bidRequests: 300,
  bids: 240,
  wins: 60,
  winRate: 25,
  losses: 180,
  lossCpm: 3.1,
  ...over,
});

const report = (input: ReportInput, impressions = 2000): PublisherReportQuery => ({
  publisherReport: {
    __typename: "PublisherReport",
    from: input.from,
    to: input.to,
    timeZone: "UTC",
    granularity: input.granularity ?? "DAY",
    ...dayAxis(input.from, input.to),
    breakdown: input.breakdown ?? "DATE",
    totals: row("total", "Total", { requests: 2400, impressions, clicks: 24, revenue: 5.6 }),
    series: [row(`${input.to}T00:00:00.000Z`, input.to)],
    previousSeries: [],
    rows: [row("7", "Article box"), row("9", "Sidebar", { impressions: 1000, revenue: 2.8 })],
    invalid: [],
    totalRows: 2,
    offset: input.offset ?? 0,
    limit: input.limit ?? 25,
  },
});

/** Answers every report the screen asks for, and remembers what it asked. */
function reportsServer(answer: (input: ReportInput) => { data?: PublisherReportQuery; errors?: GraphQLError[] } = (input) => ({ data: report(input) })) {
  const asked: ReportInput[] = [];
  return {
    asked,
    mock: {
      request: { query: PublisherReportDocument, variables: () => true },
      maxUsageCount: Number.POSITIVE_INFINITY,
      result: ({ input }: { input: ReportInput }) => {
        asked.push(input);
        return answer(input);
      },
    },
  };
}

test("the last 30 days by date come first: the rows, their total, and the time zone the days are counted in", async () => {
  const server = reportsServer();
  renderScreen(<ReportsTab />, { mocks: [server.mock] });

  const table = await screen.findByRole("table", { name: "Publisher report by date" }, LAZY_LOAD);
  expect(within(table).getByRole("row", { name: /Article box/ })).toHaveTextContent("$2.80");
  expect(within(table).getByRole("row", { name: /Total/ })).toHaveTextContent("2,000");
  expect(screen.getByText(/in days of the UTC time zone/)).toBeVisible();
  expect(screen.getByText("Rows 1–2 of 2")).toBeVisible();
  expect(server.asked[0]).toMatchObject({ ...presetRange("last30", todayIn("UTC")), granularity: "DAY", breakdown: "DATE", offset: 0 });
});

test("money in the table reads in cents, and a price under ten cents to four decimals", async () => {
  const server = reportsServer((input) => {
    const answer = report(input);
    answer.publisherReport.rows = [row("7", "Article box", { revenue: 624.008, ecpm: 0.5094 }), row("9", "Sidebar", { revenue: 0.004, ecpm: 0.0321 })];
    answer.publisherReport.totals = row("total", "Total", { revenue: 624.012, ecpm: 0.26 });
    return { data: answer };
  });
  renderScreen(<ReportsTab />, { mocks: [server.mock] });

  const table = await screen.findByRole("table", { name: "Publisher report by date" }, LAZY_LOAD);
  // The row's figures end with one cell per column, in PUBLISHER_COLUMNS' order.
  const moneyOf = (name: RegExp) => {
    const cells = within(within(table).getByRole("row", { name })).getAllByRole("cell").map((cell) => cell.textContent);
    const first = cells.length - PUBLISHER_COLUMNS.length;
    return ["revenue", "ecpm"].map((metric) => cells[first + PUBLISHER_COLUMNS.findIndex((column) => column.metric === metric)]);
  };
  expect(moneyOf(/Article box/)).toEqual(["$624.01", "$0.51"]);
  expect(moneyOf(/Sidebar/)).toEqual(["<$0.01", "$0.0321"]);
  expect(moneyOf(/Total/)).toEqual(["$624.01", "$0.26"]);
});

test("a preset asks for its days, and the breakdown for its rows", async () => {
  const server = reportsServer();
  renderScreen(<ReportsTab />, { mocks: [server.mock] });
  await screen.findByRole("table", {}, LAZY_LOAD);

  await userEvent.selectOptions(screen.getByLabelText("Date range"), "Yesterday");
  await userEvent.selectOptions(screen.getByLabelText("Breakdown"), "Zone");

  await waitFor(() => expect(server.asked.at(-1)).toMatchObject({ ...presetRange("yesterday", todayIn("UTC")), breakdown: "ZONE" }));
  expect(await screen.findByRole("table", { name: "Publisher report by zone" })).toBeVisible();
});

test("a range the server refuses shows the server's reason", async () => {
  const refusal = "Hourly figures cover at most 7 days; pick days or months";
  const server = reportsServer((input) =>
    input.granularity === "HOUR" ? { errors: [new GraphQLError(refusal, { extensions: { code: "BAD_USER_INPUT", field: "granularity" } })] } : { data: report(input) },
  );
  renderScreen(<ReportsTab />, { mocks: [server.mock] });
  await screen.findByRole("table", {}, LAZY_LOAD);

  await userEvent.selectOptions(screen.getByLabelText("Granularity"), "Hour");

  expect(await screen.findByText(refusal)).toBeVisible();
  expect(screen.queryByText("Failed to load the report")).not.toBeInTheDocument();
});

test("Granularity offers only what the server allows for the range, and a range that loses Hour is asked for by the day", async () => {
  const today = todayIn("UTC");
  const refusal = "Hourly figures are shown for at most 7 days; pick days or months";
  const lastWeek = presetRange("last7", today);
  const server = reportsServer((input) =>
    input.granularity === "HOUR" && input.from !== lastWeek.from
      ? { errors: [new GraphQLError(refusal, { extensions: { code: "BAD_USER_INPUT", field: "granularity" } })] }
      : { data: report(input) },
  );
  renderScreen(<ReportsTab />, {
    mocks: [server.mock, reportGranularitiesMock(["HOUR", "DAY", "MONTH"], lastWeek), reportGranularitiesMock(["DAY", "MONTH"], presetRange("last30", today))],
  });
  await screen.findByRole("table", {}, LAZY_LOAD);
  const offered = () => within(screen.getByLabelText("Granularity")).getAllByRole("option").map((option) => option.textContent);
  expect(offered()).toEqual(["Day", "Month"]);

  await userEvent.selectOptions(screen.getByLabelText("Date range"), "Last 7 days");
  await waitFor(() => expect(offered()).toEqual(["Hour", "Day", "Month"]));
  await userEvent.selectOptions(screen.getByLabelText("Granularity"), "Hour");
  await waitFor(() => expect(server.asked.at(-1)).toMatchObject({ ...presetRange("last7", today), granularity: "HOUR" }));

  await userEvent.selectOptions(screen.getByLabelText("Date range"), "Last 30 days");
  await waitFor(() => expect(offered()).toEqual(["Day", "Month"]));
  expect(screen.getByLabelText("Granularity")).toHaveValue("DAY");
  expect(await screen.findByRole("table", { name: "Publisher report by date" })).toBeVisible();
  // The report is never asked for what it would refuse.
  expect(server.asked.filter((input) => input.granularity === "HOUR" && input.from !== lastWeek.from)).toEqual([]);
  expect(screen.queryByText(refusal)).not.toBeInTheDocument();
});

test("a column header orders the rows on the server, biggest first, then the other way", async () => {
  const server = reportsServer();
  renderScreen(<ReportsTab />, { mocks: [server.mock] });
  const table = await screen.findByRole("table", {}, LAZY_LOAD);

  await userEvent.click(within(table).getByRole("button", { name: "Publisher earnings" }));
  await waitFor(() => expect(server.asked.at(-1)).toMatchObject({ sortBy: "revenue", descending: true, offset: 0 }));
  await waitFor(() => expect(screen.getByRole("columnheader", { name: "Publisher earnings" })).toHaveAttribute("aria-sort", "descending"));

  await userEvent.click(within(screen.getByRole("table")).getByRole("button", { name: "Publisher earnings" }));
  await waitFor(() => expect(server.asked.at(-1)).toMatchObject({ sortBy: "revenue", descending: false }));
});

test("a range that reaches today asks again every 10 seconds and shows the new figures; one that ended does not", async () => {
  jest.useFakeTimers({ advanceTimers: true });
  try {
    let impressions = 2000;
    const server = reportsServer((input) => ({ data: report({ ...input }, impressions) }));
    renderScreen(<ReportsTab />, { mocks: [server.mock] });
    const table = await screen.findByRole("table", {}, LAZY_LOAD);
    expect(within(table).getByRole("row", { name: /Total/ })).toHaveTextContent("2,000");

    impressions = 2500;
    await act(() => jest.advanceTimersByTimeAsync(LIVE_FIGURES_MS));
    await waitFor(() => expect(within(screen.getByRole("table")).getByRole("row", { name: /Total/ })).toHaveTextContent("2,500"));

    await userEvent.selectOptions(screen.getByLabelText("Date range"), "Last month");
    await waitFor(() => expect(server.asked.at(-1)).toMatchObject(presetRange("lastMonth", todayIn("UTC"))));
    const asked = server.asked.length;
    await act(() => jest.advanceTimersByTimeAsync(3 * LIVE_FIGURES_MS));
    expect(server.asked).toHaveLength(asked);
  } finally {
    jest.useRealTimers();
  }
});

test("the publisher's report shows the requests their own floors and blocks turned away, by reason", async () => {
  const refused = (reason: string, events: number) => ({ __typename: "InvalidTrafficPoint" as const, key: "2026-03-11T00:00:00.000Z", label: "2026-03-11", event: "request", reason, events });
  const server = reportsServer((input) => {
    const answer = report(input);
    answer.publisherReport.invalid = [refused("below_floor", 12), refused("blocked_category", 3)];
    return { data: answer };
  });
  renderScreen(<ReportsTab />, { mocks: [server.mock] });

  const table = await screen.findByRole("table", { name: "Refused events per period" }, LAZY_LOAD);
  expect(await within(table).findByRole("row", { name: /Best offer below the zone's floor price/ })).toHaveTextContent("12");
  expect(within(table).getByRole("row", { name: /Advertiser category blocked on the site/ })).toHaveTextContent("3");
});

test("by date the table lists every period the server names, a quiet one as zeros, and says 'Nothing counted' only when the range counted nothing", async () => {
  const quiet = { requests: 0, impressions: 0, fillRate: null, clicks: 0, ctr: null, revenue: 0, ecpm: null };
  const server = reportsServer((input) => {
    const answer = report(input);
    answer.publisherReport.rows = [row("2026-10-01T00:00:00.000Z", "2026-10"), row("2026-11-01T00:00:00.000Z", "2026-11", quiet)];
    return { data: answer };
  });
  const { unmount } = renderScreen(<ReportsTab />, { mocks: [server.mock] });
  const table = await screen.findByRole("table", { name: "Publisher report by date" }, LAZY_LOAD);
  expect(within(table).getByRole("row", { name: /2026-10/ })).toHaveTextContent("1,000");
  expect(within(table).getByRole("row", { name: /2026-11/ })).toHaveTextContent("$0.00");
  unmount();

  const empty = reportsServer((input) => {
    const answer = report(input);
    answer.publisherReport.totals = row("total", "Total", { ...quiet, measured: 0, viewable: 0, bidRequests: 0, bids: 0, wins: 0, losses: 0 });
    answer.publisherReport.rows = [row("2026-11-01T00:00:00.000Z", "2026-11", quiet)];
    return { data: answer };
  });
  renderScreen(<ReportsTab />, { mocks: [empty.mock] });
  expect(await screen.findByText("Nothing counted in this range", {}, LAZY_LOAD)).toBeVisible();
  expect(screen.getByRole("button", { name: "Download CSV" })).toBeDisabled();
});
