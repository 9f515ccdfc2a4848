import { readFile } from "node:fs/promises";
import { formatMetric, PUBLISHER_COLUMNS } from "../src/features/reports/components/report-columns";
import { openTab } from "./pages/common";
import { lowContrastText, skippedHeadingLevels } from "./support/accessibility";
import { advertiserWithBanner, eventually, publisherWithZone, viewAds } from "./support/ad-setup";
import { graphql, signIn, uniqueTag } from "./support/api";
import { useVisitors } from "./support/browser";
import { screenshot } from "./support/screenshots";
import { adminAccount } from "./support/shared-server";

const visitors = useVisitors();
// A size no other spec books, so only this spec's campaign fills the zone.
const MOBILE_BANNER = { width: 320, height: 50 };
const VIEWS = 6;

/** A figure as the table writes it ($2.80, 1,200, 83.33%, — for none) or as the CSV does (2.8, 1200, 83.33, empty). */
const asNumber = (text: string) => (text.trim() === "—" || text.trim() === "" ? null : Number(text.replace(/[$,%\s]/g, "")));

test("a publisher with counted traffic reads the last 30 days by zone, in a chart and a table, and downloads the same figures as CSV", async () => {
  const admin = await signIn(adminAccount());
  const domain = `reports-${uniqueTag()}.localhost`;
  const publisher = await publisherWithZone(admin, { domain, size: MOBILE_BANNER });
  await advertiserWithBanner(admin, { size: MOBILE_BANNER, cpm: 4, contentUrl: "https://cdn.example.com/mobile.png" });
  // From a loopback address of its own: the payout spec's 118 views share 127.0.0.2's per-minute limit.
  await viewAds(publisher.zoneId, `http://${domain}/article`, VIEWS, "127.0.0.4");
  await eventually(() => graphql<{ publisherStats: { impressions: number } }>("{ publisherStats { impressions } }", {}, publisher.token), {
    publisherStats: { impressions: VIEWS },
  });

  const page = await visitors.open({ token: publisher.token });
  await page.goto("/publisher");
  await openTab(page, "Reports");
  await page.getByLabel("Date range").selectOption({ label: "Last 30 days" });
  await page.getByLabel("Breakdown").selectOption({ label: "Zone" });

  const table = page.getByRole("table", { name: "Publisher report by zone" });
  const zoneRow = table.getByRole("row", { name: /Article box/ });
  await expect(zoneRow).toBeVisible();
  await expect(page.getByText(/in days of the UTC time zone/)).toBeVisible();
  await expect(page.getByRole("figure", { name: /Requests per period/ }).locator("svg.recharts-surface")).toBeVisible();
  await page.getByLabel("Chart shows").selectOption({ label: "Impressions" });
  // This period's line and the previous one's, named in the legend.
  const chart = page.getByRole("figure", { name: /Impressions per period/ });
  await expect(chart.getByText("Previous period")).toBeVisible();
  await chart.locator(".recharts-line").first().waitFor({ state: "attached" });
  expect(await chart.locator(".recharts-line").count()).toBe(2);
  // Every day of the 30 is drawn, the quiet ones at zero; a count's axis ticks at whole numbers;
  // the legend shows each line's colour.
  expect(await chart.locator(".recharts-line-dots").first().locator("circle").count()).toBe(30);
  const ticks = await chart.locator(".recharts-yAxis .recharts-cartesian-axis-tick-value").allInnerTexts();
  expect(ticks.filter((tick) => !/^\d[\d,]*$/.test(tick.trim()))).toEqual([]);
  expect(await chart.getByRole("list", { name: "Legend" }).locator("[data-swatch]").count()).toBe(2);
  await screenshot(page, "publisher reports by zone");
  // The accessibility spec sees the tab without traffic; the chart and table are checked here.
  expect({ contrast: await lowContrastText(page), headings: await skippedHeadingLevels(page) }).toEqual({ contrast: [], headings: [] });

  const cellsOf = async (row: typeof zoneRow) => (await row.getByRole("cell").allInnerTexts()).map((text) => text.trim());
  const shown = [await cellsOf(zoneRow), await cellsOf(table.getByRole("row", { name: /^Total/ }))];
  expect(asNumber(shown[0][2])).toBe(VIEWS);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^publisher-report-zone-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...csvRows] = (await readFile((await download.path())!, "utf8")).trim().split(/\r?\n/).map((line) => line.split(","));
  expect(header).toEqual([
    "Zone",
    "Requests",
    "Impressions",
    "Fill rate (%)",
    "Clicks",
    "CTR (%)",
    "Revenue ($)",
    "eCPM ($)",
    "Measured impressions",
    "Viewable impressions",
    "Viewability (%)",
    "Video starts",
    "Completed views",
    "Completion rate (%)",
    "Expansions",
    "Bid requests (header bidding)",
    "Bids",
    "Wins",
    "Win rate (%)",
    "Bids lost",
    "Lost to: average CPM ($)",
  ]);
  expect(csvRows.map((line) => line[0])).toEqual([shown[0][0], "Total"]);
  // The file keeps the exact figures; the table shows each of them as its column reads (money in cents).
  csvRows.forEach((line, index) =>
    expect(line.slice(1).map((value, column) => formatMetric(asNumber(value), PUBLISHER_COLUMNS[column].kind))).toEqual(shown[index].slice(1)),
  );
});
