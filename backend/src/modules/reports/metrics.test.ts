import { startTestApp, TestApp } from "../../../test/test-app";
import { addSums, FACT_SUM_COLUMNS, type FactSumField, type FactSums, NO_SUMS } from "./fact-sums";
import { type Audience, type Metric, METRICS, metricSql, metricValue } from "./metrics";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const FIELDS = Object.keys(FACT_SUM_COLUMNS) as FactSumField[];

/** Facts of three groups: one with every counter moving, one where nothing divides (every whole 0), one with large money. */
function factsOfGroups(): { group: number; sums: FactSums }[] {
  const varied = (seed: number) => Object.fromEntries(FIELDS.map((field, index) => [field, ((seed * 7919 + index * 104_729) % 9_973) + 1])) as Record<FactSumField, number>;
  return [
    { group: 1, sums: varied(3) },
    { group: 1, sums: varied(11) },
    { group: 2, sums: NO_SUMS },
    { group: 3, sums: { ...varied(5), spendMicros: 123_456_789_012, revenueMicros: 98_765_432_101 } },
  ];
}

/** The facts as a table the database sums, named as stat_facts' columns so each metric's SQL reads them as it reads the read model. */
function factsTable(facts: { group: number; sums: FactSums }[]): string {
  return facts.map(({ group, sums }) => `SELECT ${group} AS grp, ${FIELDS.map((field) => `${sums[field]} AS ${FACT_SUM_COLUMNS[field]}`).join(", ")}`).join(" UNION ALL ");
}

describe("every metric has one formula", () => {
  const audiences = Object.keys(METRICS) as Audience[];

  it.each(audiences)("the database orders a %s's breakdown by the value the dashboards show", async (audience) => {
    const facts = factsOfGroups();
    const groups = [...new Set(facts.map((fact) => fact.group))];
    const sumsOfGroup = (group: number) => facts.filter((fact) => fact.group === group).reduce((sum, fact) => addSums(sum, fact.sums), NO_SUMS);
    for (const metric of METRICS[audience] as readonly Metric[]) {
      const rows: { grp: number; value: string | number | null }[] = await t.app.dataSource.query(
        `SELECT f.grp AS grp, ${metricSql(metric, audience)} AS value FROM (${factsTable(facts)}) f GROUP BY f.grp ORDER BY f.grp`,
      );
      const fromSql = rows.map((row) => (row.value === null ? null : Number(row.value)));
      const fromJs = groups.map((group) => metricValue(metric, audience, sumsOfGroup(group)));
      expect({ metric, values: fromSql.map((value) => (value === null ? null : Number(value.toPrecision(10)))) }).toEqual({
        metric,
        values: fromJs.map((value) => (value === null ? null : Number(value.toPrecision(10)))),
      });
    }
  });

  it("a group with nothing to divide by has no rate or price, and its counts are 0", () => {
    expect(metricValue("ctr", "advertiser", NO_SUMS)).toBeNull();
    expect(metricValue("ecpm", "publisher", NO_SUMS)).toBeNull();
    expect(metricValue("impressions", "publisher", NO_SUMS)).toBe(0);
  });

  it("a publisher's eCPM is what they earn a thousand impressions, an advertiser's what they pay", () => {
    const sums = { ...NO_SUMS, impressions: 2_000, spendMicros: 10_000_000, revenueMicros: 6_000_000 };
    expect(metricValue("ecpm", "publisher", sums)).toBe(3_000);
    expect(metricValue("ecpm", "advertiser", sums)).toBe(5_000);
  });
});
