import { Account, approvedSite, createCampaign, signInAdmin, signUp } from "../../../test/factories";
import { startTestApp, TestApp } from "../../../test/test-app";

let t: TestApp;
let advertiser: Account;
let publisher: Account;
let admin: Account;
let options: Record<string, any>;

const FORM_OPTIONS = `{ formOptions {
  minCampaignBudget maxAmount minCpm maxCpm minRevenueSharePercent maxRevenueSharePercent defaultRevenueSharePercent minimumPayout
  maxLength { name description domain email url message reason password search reference } minPasswordLength minPixels maxPixels
  siteCategories { value label } zoneSizes { label width height } zoneFormats { value label } zonePositions { value label } creativeTypes { value label }
  countries { value label } contactSubjects { value label } invalidTrafficReasons { value label } payoutMethods { value label }
  pricingModels { value label } bidBounds { pricingModel min max unit priceLabel } pacingModes { value label } creativeRotations { value label } advertiserCategories { value label }
  maxFrequencyCapCount frequencyCapPeriods { value label }
} }`;

beforeAll(async () => {
  t = await startTestApp({ MIN_CAMPAIGN_BUDGET: "750", REVENUE_SHARE_PERCENT: "60" });
  [advertiser, publisher, admin] = await Promise.all([signUp(t, "advertiser"), signUp(t, "publisher"), signInAdmin(t)]);
  options = (await t.gql<{ formOptions: Record<string, any> }>(FORM_OPTIONS)).data!.formOptions;
});
afterAll(() => t.close());

const campaign = (fields: Record<string, unknown>) =>
  t.rest("POST", "/advertiser/campaigns", { token: advertiser.token, body: { name: "Bounds", budget: 1000, cpm: 2, ...fields } });
const detailOf = async (fields: Record<string, unknown>) => (await campaign(fields)).body.detail;

it("answers anyone, with this deployment's configured minimum budget and default share", async () => {
  expect(options).toMatchObject({ minCampaignBudget: 750, defaultRevenueSharePercent: 60, minimumPayout: 100, minRevenueSharePercent: 1, maxRevenueSharePercent: 85 });
  expect(options.siteCategories.map((o: { value: string }) => o.value)).toEqual(["technology", "lifestyle", "business", "entertainment", "sports", "news"]);
  expect(options.countries).toHaveLength(12);
  expect(options.countries).toContainEqual({ value: "GB", label: "United Kingdom" });
  expect(options.invalidTrafficReasons).toContainEqual({ value: "bot", label: "Bot or crawler" });
  expect(options.contactSubjects).toContainEqual({ value: "billing", label: "Billing Question" });
  expect(options.payoutMethods).toEqual([
    { value: "BANK_TRANSFER", label: "Bank transfer (IBAN)" },
    { value: "PAYPAL", label: "PayPal" },
    { value: "WIRE", label: "Wire transfer" },
  ]);
});

it("serves the payout methods setPayoutMethod takes and the reference length markPayoutPaid takes", async () => {
  for (const { value } of options.payoutMethods) {
    const result = await t.gql(`mutation { setPayoutMethod(input: { type: ${value} }) { type } }`, {}, publisher.token);
    // Each type is accepted as a type: what is refused is the first missing field of its form.
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT" });
    expect(result.errors?.[0]?.extensions?.field).not.toBe("type");
  }
  const tooLong = await t.gql(`mutation { markPayoutPaid(id: 1, input: { reference: "${"x".repeat(options.maxLength.reference + 1)}" }) { id } }`, {}, admin.token);
  expect(tooLong.errors?.[0]).toMatchObject({ message: `Reference can be at most ${options.maxLength.reference} characters long`, extensions: { field: "reference" } });
});

it("serves the budget and CPM bounds the campaign service enforces", async () => {
  expect(await detailOf({ budget: options.minCampaignBudget - 0.01 })).toBe("Budget must be at least $750");
  expect((await campaign({ budget: options.minCampaignBudget })).status).toBe(201);
  expect((await campaign({ cpm: options.minCpm })).status).toBe(201);
  expect((await campaign({ cpm: options.maxCpm })).status).toBe(201);
  expect(await detailOf({ cpm: options.maxCpm + 0.01 })).toBe("CPM can be at most $1,000");
  expect(await detailOf({ budget: options.maxAmount + 1 })).toBe("Budget can be at most $1,000,000,000");
});

it("serves choices every one of which the services accept", async () => {
  for (const { value } of options.siteCategories) {
    const site = await t.rest("POST", "/publisher/sites", { token: publisher.token, body: { domain: `${value}.example.com`, name: "N", category: value, description: "D" } });
    expect(site.status).toBe(201);
  }
  const everywhere = await createCampaign(t, advertiser, { target_countries: options.countries.map((o: { value: string }) => o.value) });
  expect(everywhere.target_countries).toHaveLength(12);
  const site = await approvedSite(t, publisher, admin);
  for (const format of options.zoneFormats) {
    for (const position of options.zonePositions) {
      const zone = await t.rest("POST", "/publisher/ad-zones", {
        token: publisher.token,
        body: { site_id: site.id, name: "Z", format: format.value, position: position.value, width: options.maxPixels, height: options.minPixels },
      });
      expect(zone.status).toBe(201);
    }
  }
});

it("serves each pricing model's bid bounds and the campaign choices, every one of which a campaign takes", async () => {
  expect(options.bidBounds).toEqual([
    { pricingModel: "CPM", min: options.minCpm, max: options.maxCpm, unit: "per thousand impressions", priceLabel: "Price per 1,000 impressions" },
    { pricingModel: "CPC", min: 0.01, max: 100, unit: "per click", priceLabel: "Bid per click" },
    { pricingModel: "CPA", min: 0.01, max: 1000, unit: "per conversion", priceLabel: "Price per action" },
    { pricingModel: "VCPM", min: options.minCpm, max: options.maxCpm, unit: "per thousand viewable impressions", priceLabel: "Price per 1,000 viewable impressions" },
    { pricingModel: "CPCV", min: 0.01, max: 10, unit: "per completed view", priceLabel: "Price per completed view" },
  ]);
  expect(options.advertiserCategories).toContainEqual({ value: "food_and_drink", label: "Food and drink" });
  for (const { pricingModel, min, max } of options.bidBounds) {
    const model = pricingModel.toLowerCase();
    expect((await campaign({ pricing_model: model, bid: max, cpm: undefined })).status).toBe(201);
    expect((await campaign({ pricing_model: model, bid: min, cpm: undefined })).status).toBe(201);
    expect((await campaign({ pricing_model: model, bid: max + 0.01, cpm: undefined })).body.detail).toMatch(/can be at most/);
  }
  const choices = (list: { value: string }[]) => list.map((choice) => choice.value);
  for (const [pacing, rotation, category] of [
    ...choices(options.pacingModes).map((value) => [value, "EVEN", "general"]),
    ...choices(options.creativeRotations).map((value) => ["EVEN", value, "general"]),
    ...choices(options.advertiserCategories).map((value) => ["EVEN", "EVEN", value]),
  ]) {
    const created = await t.gql(`mutation { createCampaign(input: { name: "Choice", budget: 1000, bid: 2, pacing: ${pacing}, rotation: ${rotation}, category: "${category}" }) { id } }`, {}, advertiser.token);
    expect(created.errors).toBeUndefined();
  }
  expect(choices(options.pricingModels)).toEqual(options.bidBounds.map((bounds: { pricingModel: string }) => bounds.pricingModel));
});

it("serves the text lengths and sizes at which the services start refusing", async () => {
  expect((await campaign({ name: "x".repeat(options.maxLength.name) })).status).toBe(201);
  expect(await detailOf({ name: "x".repeat(options.maxLength.name + 1) })).toBe(`Name can be at most ${options.maxLength.name} characters long`);
  const zone = await t.rest("POST", "/publisher/ad-zones", {
    token: publisher.token,
    body: { site_id: (await approvedSite(t, publisher, admin)).id, name: "Too wide", width: options.maxPixels + 1 },
  });
  expect(zone.body.detail).toBe(`Width must be from 1 to ${options.maxPixels}`);
  const share = await t.gql(`mutation { setRevenueShare(publisherId: ${publisher.id}, percent: ${options.maxRevenueSharePercent + 1}) { id } }`, {}, admin.token);
  expect(share.errors?.[0]).toMatchObject({ message: "Revenue share must be from 1 to 85", extensions: { field: "percent" } });
});

it("offers the IAB standard zone sizes of the Ad formats page, each of which a zone may take", async () => {
  expect(options.zoneSizes.slice(0, 3)).toEqual([
    { label: "Leaderboard (728×90)", width: 728, height: 90 },
    { label: "Medium Rectangle (300×250)", width: 300, height: 250 },
    { label: "Large Rectangle (336×280)", width: 336, height: 280 },
  ]);
  expect(options.zoneSizes.map((size: { width: number; height: number }) => `${size.width}x${size.height}`)).toEqual(
    expect.arrayContaining(["160x600", "970x250", "320x50", "320x100", "320x480"]),
  );
  const site = await approvedSite(t, publisher, admin);
  for (const { width, height } of options.zoneSizes) {
    const zone = await t.rest("POST", "/publisher/ad-zones", { token: publisher.token, body: { site_id: site.id, name: "Standard", width, height } });
    expect(zone).toMatchObject({ status: 201, body: { width, height } });
  }
});

it("serves the declarations of a creative's, a site's and a zone's fields, with the limits and defaults their services read them by", async () => {
  const FIELDS = "name label kind required maxLength min max defaultValue";
  const served = (await t.gql<{ formOptions: Record<string, Record<string, unknown>[]> }>(`{ formOptions { creativeFields { ${FIELDS} } siteFields { ${FIELDS} } zoneFields { ${FIELDS} } } }`)).data!.formOptions;
  const byName = (fields: Record<string, unknown>[], name: string) => fields.find((field) => field.name === name);
  expect(served.zoneFields.map((field) => field.name)).not.toContain("siteId");
  expect(byName(served.zoneFields, "width")).toMatchObject({ kind: "integer", min: 1, max: options.maxPixels, defaultValue: "728" });
  expect(byName(served.zoneFields, "floor")).toMatchObject({ defaultValue: "0" });
  expect(byName(served.siteFields, "name")).toMatchObject({ kind: "text", required: true, maxLength: options.maxLength.name });
  expect(byName(served.siteFields, "domain")).toMatchObject({ maxLength: options.maxLength.domain });
  expect(byName(served.siteFields, "blockedDomains")).toMatchObject({ kind: "document", max: 100 });
  expect(byName(served.creativeFields, "width")).toMatchObject({ kind: "integer", max: options.maxPixels });
  const zone = await t.rest("POST", "/publisher/ad-zones", {
    token: publisher.token,
    body: { site_id: (await approvedSite(t, publisher, admin)).id, name: "x".repeat(Number(byName(served.zoneFields, "name")!.maxLength) + 1) },
  });
  expect(zone.body.detail).toBe(`Name can be at most ${options.maxLength.name} characters long`);
});

it("tells the campaign form the frequency caps it takes, and refuses the count just past it as the form says", async () => {
  expect(options.frequencyCapPeriods).toEqual(["hour", "day", "week", "flight"].map((period) => ({ value: period, label: period })));
  expect(await detailOf({ frequency_caps: [{ count: options.maxFrequencyCapCount + 1, per: "day" }] })).toBe(`A frequency cap allows from 1 to ${options.maxFrequencyCapCount} impressions`);
  expect((await campaign({ frequency_caps: [{ count: options.maxFrequencyCapCount, per: "flight" }] })).status).toBe(201);
});
