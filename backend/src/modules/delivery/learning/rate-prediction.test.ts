import { PricingModel } from "../../campaigns/campaign.entity";
import { CampaignTally, PRIOR_IMPRESSIONS, RateModel, STARTING_RATES } from "./rate-prediction";

const tally = (campaignId: number, impressions: number, clicks: number, more: Partial<CampaignTally> = {}): CampaignTally => ({
  campaignId,
  category: "travel",
  format: "display",
  impressions,
  clicks,
  conversions: 0,
  viewable: 0,
  completes: 0,
  ...more,
});

const cpc = (id: number, category = "travel") => ({ id, pricingModel: PricingModel.CPC, bidMicros: 500_000, category });

it("predicts the network's starting rates for a new campaign on a network that has counted nothing", () => {
  const prediction = new RateModel().predict(cpc(1));
  expect(prediction).toEqual({ ...STARTING_RATES, ecpmMicros: 500_000 * STARTING_RATES.ctr * 1000 });
});

it("starts a new campaign at its category's rate in its format, not at another category's", () => {
  // Travel banners click at 2% over a million impressions, finance at 0.2%.
  const model = new RateModel([tally(1, 1_000_000, 20_000), tally(2, 1_000_000, 2_000, { category: "finance" })]);
  expect(model.predict(cpc(10)).ctr).toBeCloseTo(0.02, 3);
  expect(model.predict(cpc(11, "finance")).ctr).toBeCloseTo(0.002, 3);
  // A category the network has not seen starts at the format's rate: 1.1% over both.
  expect(model.predict(cpc(12, "dating")).ctr).toBeCloseTo(0.011, 3);
  // Video is a format of its own: nothing counted of it yet.
  expect(model.categoryRates("video", "travel")).toEqual(STARTING_RATES);
});

it("follows a campaign's own rate once its data outweighs the prior", () => {
  const model = new RateModel([tally(1, 1_000_000, 2_000), tally(2, 200_000, 10_000)]);
  // 5% over 200,000 impressions, against a category near 1%: within a tenth of a point of its own.
  expect(model.predict(cpc(2)).ctr).toBeGreaterThan(0.049);
  expect(model.predict(cpc(2)).ctr).toBeLessThan(0.05);
  expect(model.predict(cpc(2)).ecpmMicros).toBeGreaterThan(model.predict(cpc(1)).ecpmMicros * 20);
});

it("moves a campaign from its category's rate to its own steadily as its impressions come", () => {
  const network = tally(1, 1_000_000, 5_000);
  const predictions = [0, 100, 500, PRIOR_IMPRESSIONS, 10_000, 100_000].map((impressions) =>
    new RateModel([network, tally(2, impressions, impressions * 0.03)]).predict(cpc(2)).ctr,
  );
  for (let i = 1; i < predictions.length; i++) expect(predictions[i]).toBeGreaterThan(predictions[i - 1]);
  expect(predictions[predictions.length - 1]).toBeLessThan(0.03);
  // At PRIOR_IMPRESSIONS of its own, half-way between its category's rate and its own.
  const category = new RateModel([network, tally(2, 0, 0)]).categoryRates("display", "travel").ctr;
  expect(predictions[3]).toBeCloseTo((category + 0.03) / 2, 4);
});

it("prices each model by its own rate: CPM at its bid, CPC by clicks, CPA by conversions", () => {
  const model = new RateModel([tally(1, 1_000_000, 10_000, { conversions: 500 })]);
  const bid = { bidMicros: 2_000_000, category: "travel" };
  expect(model.predict({ id: 1, pricingModel: PricingModel.CPM, ...bid }).ecpmMicros).toBe(2_000_000);
  expect(model.predict({ id: 1, pricingModel: PricingModel.CPC, ...bid }).ecpmMicros).toBeCloseTo(2_000_000 * 0.01 * 1000, -4);
  expect(model.predict({ id: 1, pricingModel: PricingModel.CPA, ...bid }).ecpmMicros).toBeCloseTo(2_000_000 * 0.0005 * 1000, -3);
});

it("prices vCPM by the share of impressions that became viewable, and CPCV by the completed views, each learned from the campaign's own counts", () => {
  // A display campaign seen 80% of the time, and a video one completed 30% of the time, over 100,000 impressions each.
  const model = new RateModel([tally(1, 100_000, 100, { viewable: 80_000 }), tally(2, 100_000, 100, { format: "video", viewable: 60_000, completes: 30_000 })]);
  const vcpm = model.predict({ id: 1, pricingModel: PricingModel.VCPM, bidMicros: 5_000_000, category: "travel" });
  expect(vcpm.viewableRate).toBeCloseTo(0.8, 2);
  expect(vcpm.ecpmMicros).toBeCloseTo(5_000_000 * 0.8, -4);
  const cpcv = model.predict({ id: 2, pricingModel: PricingModel.CPCV, bidMicros: 20_000, category: "travel" });
  expect(cpcv.completionRate).toBeCloseTo(0.3, 2);
  expect(cpcv.ecpmMicros).toBeCloseTo(20_000 * 0.3 * 1000, -3);
  // Display ads never complete: a CPCV campaign of banners sinks toward nothing as its impressions come.
  expect(model.predict({ id: 1, pricingModel: PricingModel.CPCV, bidMicros: 20_000, category: "travel" }).completionRate).toBeLessThan(0.02);
});
