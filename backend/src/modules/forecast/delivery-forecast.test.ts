import { PacingMode, PricingModel } from "../campaigns/campaign.entity";
import { STARTING_RATES } from "../delivery/learning/rate-prediction";
import { type CampaignPlan, capShare, forecastDelivery, type MarketFacts, wonShare } from "./delivery-forecast";

const TODAY = "2026-12-03";

const plan = (fields: Partial<CampaignPlan> = {}): CampaignPlan => ({
  pricingModel: PricingModel.CPM,
  bidMicros: 4_000_000,
  budgetMicros: 1_000_000_000,
  spentMicros: 0,
  dailyCapMicros: null,
  pacing: PacingMode.ASAP,
  startDate: TODAY,
  endDate: "2026-12-31",
  frequencyCaps: null,
  ...fields,
});

const market = (fields: Partial<MarketFacts> = {}): MarketFacts => ({
  requestsPerDay: 78_624,
  reachBasis: "Based on 14 days of requests on 3 sites in 2 countries",
  floorShare: () => 1,
  competitors: [],
  rates: { ...STARTING_RATES, ctr: 0.002 },
  ratesBasis: "the network's rate for display ads",
  releasedShare: 1,
  ...fields,
});

it("narrows the impressions by the day-part's share of the hourly curve, in proportion", () => {
  // The reach is read with the day-part's share of the network's hourly traffic: 60% of it here.
  const whole = forecastDelivery(plan(), market(), TODAY);
  const dayParted = forecastDelivery(plan(), market({ requestsPerDay: 78_624 * 0.6 }), TODAY);
  expect(dayParted.impressionsPerDay / whole.impressionsPerDay).toBeCloseTo(0.6, 3);
  expect(dayParted.spendPerDayMicros / whole.spendPerDayMicros).toBeCloseTo(0.6, 3);
});

it("bounds a CPC campaign capped at $80 a day at $80, with clicks that cost the bid each", () => {
  // At $0.50 a click and a 0.2% click rate, each impression costs $0.001: 78,624 would cost $78.62, 100,000 requests $100.
  const forecast = forecastDelivery(plan({ pricingModel: PricingModel.CPC, bidMicros: 500_000, dailyCapMicros: 80_000_000 }), market({ requestsPerDay: 100_000 }), TODAY);
  expect(forecast.spendPerDayMicros).toBe(80_000_000);
  expect(forecast.clicksPerDay).toBeCloseTo(80_000_000 / 500_000, 6);
  expect(forecast.impressionsPerDay).toBe(80_000);
  expect(forecast.basis.spend).toBe("$0.50 per click, up to the daily cap of $80.");
  expect(forecast.basis.impressions).toContain("the daily cap of $80 buys 80,000 of the 100,000 it could win");
  expect(forecast.basis.clicks).toBe("At a predicted click rate of 0.20% (the network's rate for display ads).");
});

it("says the day the budget runs out at the spend a day, or that it lasts the flight", () => {
  // $1,000 at $80 a day: 12.5 days, so the 13th day (Dec 15) spends the last $40.
  const capped = forecastDelivery(plan({ dailyCapMicros: 80_000_000 }), market(), TODAY);
  expect(capped.budgetRunsOutOn).toBe("2026-12-15");
  expect(capped.basis.runOut).toBe("The $1,000 budget at $80 a day lasts 13 days from Dec 3, 2026.");
  // Even pacing spreads the budget over the flight's 29 days: it runs out on the end date.
  expect(forecastDelivery(plan({ pacing: PacingMode.EVEN }), market(), TODAY).budgetRunsOutOn).toBe("2026-12-31");
  // A campaign that cannot spend its budget by the end date keeps the rest.
  const small = forecastDelivery(plan({ bidMicros: 100_000 }), market({ requestsPerDay: 10_000 }), TODAY);
  expect(small.budgetRunsOutOn).toBeNull();
  expect(small.basis.runOut).toBe("At $1 a day the flight to Dec 31, 2026 spends $29 of the $1,000 budget.");
  // An edited campaign counts what it has left.
  const edited = forecastDelivery(plan({ dailyCapMicros: 80_000_000, spentMicros: 600_000_000 }), market(), TODAY);
  expect(edited.budgetRunsOutOn).toBe("2026-12-07");
  expect(edited.basis.runOut).toBe("The $400 left of the $1,000 budget at $80 a day lasts 5 days from Dec 3, 2026.");
  // A campaign starting later counts from its first day.
  expect(forecastDelivery(plan({ startDate: "2026-12-10", dailyCapMicros: 100_000_000 }), market(), TODAY).budgetRunsOutOn).toBe("2026-12-19");
});

it("wins what the competing campaigns leave at its bid, and what the zones' floors allow", () => {
  // A rival clearly above takes every request it is there for; a near tie splits by eCPM; one clearly below takes none.
  expect(wonShare(4_000_000, [{ ecpmMicros: 6_000_000, overlap: 1, appetite: 0.4 }])).toBeCloseTo(0.6);
  expect(wonShare(4_000_000, [{ ecpmMicros: 4_000_000, overlap: 0.5, appetite: 1 }])).toBeCloseTo(0.75);
  expect(wonShare(4_000_000, [{ ecpmMicros: 2_000_000, overlap: 1, appetite: 1 }])).toBe(1);
  const forecast = forecastDelivery(
    plan(),
    market({ requestsPerDay: 100_000, floorShare: (ecpm) => (ecpm >= 5_000_000 ? 1 : 0.8), competitors: [{ ecpmMicros: 6_000_000, overlap: 1, appetite: 0.4 }] }),
    TODAY,
  );
  expect(forecast.impressionsPerDay).toBe(48_000);
  expect(forecast.basis.impressions).toBe(
    "Based on 14 days of requests on 3 sites in 2 countries; zone floors above this bid keep it from 20% of them; 1 competing campaign wins 40% at this bid.",
  );
});

it("holds back what the frequency caps would, and forecasts the reach alone without a bid", () => {
  // 8 requests a visitor a day, all won: a cap of 2 a day keeps a quarter.
  expect(capShare([{ count: 2, per: "day" }], 1, 30)).toBeCloseTo(0.25);
  expect(capShare([{ count: 20, per: "day" }], 1, 30)).toBe(1);
  const reach = forecastDelivery(plan({ bidMicros: null, budgetMicros: null }), market(), TODAY);
  expect(reach).toMatchObject({ impressionsPerDay: 78_624, spendPerDayMicros: 0, budgetRunsOutOn: null });
  expect(reach.basis.spend).toBe("Enter a bid to forecast the spend.");
});

it("spends no more of an evenly paced day than the network's curve has released by the day-part's last hour", () => {
  // $2,900 over the 29 days left is $100 a day; a day-part closing at 17:00 has 55% of it released by then.
  const forecast = forecastDelivery(plan({ pacing: PacingMode.EVEN, budgetMicros: 2_900_000_000 }), market({ requestsPerDay: 100_000, releasedShare: 0.55 }), TODAY);
  expect(forecast.spendPerDayMicros).toBe(55_000_000);
  expect(forecast.impressionsPerDay).toBe(13_750);
  expect(forecast.basis.impressions).toContain("even pacing of the $2,900 budget over 29 days, $100 a day, 55% of it released by the day-part's last hour buys 13,750");
});
