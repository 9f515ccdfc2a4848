import { refusedPerPeriod } from "./refused-traffic";

const point = (key: string, event: string, reason: string, events: number) => ({ __typename: "InvalidTrafficPoint" as const, key, label: key, event, reason, events });

test("every period the server lists is a bar, quiet ones at zero for each reason, so one busy day is not the whole width", () => {
  const chart = refusedPerPeriod(
    {
      periods: ["2026-03-10T00:00:00.000Z", "2026-03-11T00:00:00.000Z", "2026-03-12T00:00:00.000Z"],
      invalid: [point("2026-03-11T00:00:00.000Z", "impression", "bot", 40), point("2026-03-11T00:00:00.000Z", "click", "too_fast", 2)],
    },
    (reason) => reason.toUpperCase(),
  );

  expect(chart.series).toEqual([
    { name: "impression.bot", label: "impression: BOT" },
    { name: "click.too_fast", label: "click: TOO_FAST" },
  ]);
  expect(chart.periods).toEqual([
    { period: "2026-03-10T00:00:00.000Z", "impression.bot": 0, "click.too_fast": 0 },
    { period: "2026-03-11T00:00:00.000Z", "impression.bot": 40, "click.too_fast": 2 },
    { period: "2026-03-12T00:00:00.000Z", "impression.bot": 0, "click.too_fast": 0 },
  ]);
});
