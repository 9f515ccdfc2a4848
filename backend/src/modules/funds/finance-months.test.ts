import { signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";
import { LedgerKind } from "../ledger/ledger-entry.entity";

// West of UTC a month starts after UTC's; east of it, before: a UTC label is wrong for one side.
describe.each([
  { zone: "America/New_York", lastOfFebruary: "2026-03-01T04:30:00Z", firstOfMarch: "2026-03-01T05:30:00Z" },
  { zone: "Europe/Berlin", lastOfFebruary: "2026-02-28T22:30:00Z", firstOfMarch: "2026-02-28T23:30:00Z" },
])("with REPORT_TIME_ZONE=$zone", ({ zone, lastOfFebruary, firstOfMarch }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ REPORT_TIME_ZONE: zone });
  });
  afterAll(() => t.close());

  it("puts each deposit in the Finance view's month of the reporting calendar, as statements and reports do", async () => {
    const advertiser = await signUp(t, "advertiser", {}, { funds: 0 });
    const deposit = (iso: string, amountMicros: number) => ({ userId: advertiser.id, kind: LedgerKind.DEPOSIT, amountMicros, createdAt: new Date(iso) });
    await t.app.services.ledger.append([deposit(lastOfFebruary, 3_000_000), deposit(firstOfMarch, 7_000_000)]);

    const months = await t.app.services.funds.financeByMonth(2, Date.parse("2026-03-10T12:00:00Z"));

    expect(months.map(({ month, depositsMicros, heldForAdvertisersMicros }) => ({ month, depositsMicros, heldForAdvertisersMicros }))).toEqual([
      { month: "2026-03", depositsMicros: 7_000_000, heldForAdvertisersMicros: 10_000_000 },
      { month: "2026-02", depositsMicros: 3_000_000, heldForAdvertisersMicros: 3_000_000 },
    ]);
  });
});
