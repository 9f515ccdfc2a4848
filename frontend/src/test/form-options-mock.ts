import { FormOptionsDocument, ReportGranularitiesDocument, type FormBoundsFragment } from "../gql/graphql";

const option = (value: string, label = value.charAt(0).toUpperCase() + value.slice(1)) => ({ __typename: "FormOption" as const, value, label });

type DeclaredField = FormBoundsFragment["campaignFields"][number];

/** One field of the campaign declaration, as formOptions serves it (the choices of a choice are in their own lists here). */
export const declared = (name: string, label: string, kind: string, over: Partial<DeclaredField> = {}): DeclaredField => ({
  __typename: "FormFieldRules",
  name,
  label,
  kind,
  required: false,
  maxLength: null,
  min: null,
  max: null,
  defaultValue: null,
  defaultDaysAfter: null,
  defaultDays: null,
  sendsToReview: false,
  choices: [],
  ...over,
});

/** What the server serves by default; a test overrides the bound it is about. */
export const formBounds = (over: Partial<FormBoundsFragment> = {}): FormBoundsFragment => ({
  __typename: "FormOptions",
  minCampaignBudget: 500,
  maxAmount: 1_000_000_000,
  minCpm: 0.01,
  maxCpm: 1000,
  minRevenueSharePercent: 1,
  maxRevenueSharePercent: 85,
  defaultRevenueSharePercent: 70,
  minimumPayout: 100,
  reportTimeZone: "UTC",
  minDeposit: 500,
  maxLength: { __typename: "TextLimits", name: 120, description: 2000, domain: 253, email: 254, url: 2048, message: 5000, reason: 500, password: 128, search: 254, reference: 128, billingAddress: 500 },
  minPasswordLength: 8,
  legalVersions: { __typename: "LegalVersions", termsOfService: "2024-12", privacyPolicy: "2024-12" },
  minPixels: 1,
  maxVideoSeconds: 60,
  maxSkipAfterSeconds: 60,
  maxFrequencyCapCount: 1000,
  frequencyCapPeriods: ["hour", "day", "week", "flight"].map((period) => option(period, period)),
  maxPixels: 2000,
  siteCategories: ["technology", "lifestyle", "business", "entertainment", "sports", "news"].map((value) => option(value)),
  advertiserCategories: [
    option("general"),
    option("food_and_drink", "Food and drink"),
    option("software"),
    option("travel"),
    option("gambling"),
    option("dating"),
    option("politics"),
  ],
  zoneSizes: [
    { __typename: "ZoneSizeOption", label: "Leaderboard (728×90)", width: 728, height: 90 },
    { __typename: "ZoneSizeOption", label: "Medium Rectangle (300×250)", width: 300, height: 250 },
    { __typename: "ZoneSizeOption", label: "Mobile Banner (320×50)", width: 320, height: 50 },
  ],
  zoneFormats: ["banner", "video", "native"].map((value) => option(value)),
  zonePositions: ["header", "sidebar", "footer", "content"].map((value) => option(value)),
  creativeTypes: [option("image"), option("video"), option("html", "HTML"), option("native")],
  nativeLimits: { __typename: "NativeLimits", headline: 90, headlineShort: 25, body: 140, sponsor: 25, callToAction: 15 },
  zonePresentations: ["inline", "interstitial", "sticky"].map((value) => option(value)),
  pricingModels: [
    option("CPM", "CPM: per thousand impressions"),
    option("CPC", "CPC: per click"),
    option("CPA", "CPA: per conversion"),
    option("VCPM", "vCPM: per thousand viewable impressions"),
    option("CPCV", "CPCV: per completed video view"),
  ],
  bidBounds: [
    { __typename: "BidBounds", pricingModel: "CPM", min: 0.01, max: 1000, unit: "per thousand impressions", priceLabel: "Price per 1,000 impressions" },
    { __typename: "BidBounds", pricingModel: "CPC", min: 0.01, max: 100, unit: "per click", priceLabel: "Bid per click" },
    { __typename: "BidBounds", pricingModel: "CPA", min: 0.01, max: 1000, unit: "per conversion", priceLabel: "Price per action" },
    { __typename: "BidBounds", pricingModel: "VCPM", min: 0.01, max: 1000, unit: "per thousand viewable impressions", priceLabel: "Price per 1,000 viewable impressions" },
    { __typename: "BidBounds", pricingModel: "CPCV", min: 0.01, max: 10, unit: "per completed view", priceLabel: "Price per completed view" },
  ],
  pacingModes: [option("EVEN", "Even through the day"), option("ASAP", "As fast as possible")],
  creativeRotations: [option("EVEN", "Even"), option("OPTIMISED", "Optimised by click rate")],
  countries: [
    option("US", "United States"),
    option("GB", "United Kingdom"),
    option("CA", "Canada"),
    option("DE", "Germany"),
    option("JP", "Japan"),
  ],
  contactSubjects: [
    option("general", "General Inquiry"),
    option("publisher", "Publisher Partnership"),
    option("advertiser", "Advertiser Account"),
    option("support", "Technical Support"),
    option("billing", "Billing Question"),
  ],
  invalidTrafficReasons: [
    option("bot", "Bot or crawler"),
    option("too_fast", "Clicked too soon after the ad showed"),
    option("below_floor", "Best offer below the zone's floor price"),
    option("blocked_category", "Advertiser category blocked on the site"),
  ],
  payoutMethods: [option("BANK_TRANSFER", "Bank transfer (IBAN)"), option("PAYPAL", "PayPal"), option("WIRE", "Wire transfer")],
  targetingRules: [
    { __typename: "TargetingRuleOption", key: "countries", label: "Countries", kind: "list", hint: null, options: [option("US", "United States")] },
    { __typename: "TargetingRuleOption", key: "devices", label: "Devices", kind: "list", hint: null, options: ["desktop", "mobile", "tablet"].map((value) => option(value)) },
    { __typename: "TargetingRuleOption", key: "dayParting", label: "Day-parting", kind: "dayParting", hint: null, options: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((label, day) => option(String(day + 1), label)) },
    { __typename: "TargetingRuleOption", key: "sites", label: "Sites", kind: "list", hint: "example.com", options: [] },
    { __typename: "TargetingRuleOption", key: "zones", label: "Zones", kind: "list", hint: "12, 408", options: [] },
    { __typename: "TargetingRuleOption", key: "keywords", label: "Page keywords", kind: "keywords", hint: "running shoes", options: [] },
  ],
  campaignFields: [
    declared("name", "Name", "text", { required: true, maxLength: 120 }),
    declared("budget", "Budget", "dollars", { required: true, min: 0.01, max: 1_000_000_000 }),
    declared("pricingModel", "Pricing model", "choice", { defaultValue: '"CPM"' }),
    declared("bid", "Bid", "dollars", { required: true, min: 0.01, max: 1_000_000_000 }),
    declared("dailyCap", "Daily budget cap", "dollars", { min: 0.01, max: 1_000_000_000, defaultValue: "null" }),
    declared("pacing", "Pacing", "choice", { defaultValue: '"EVEN"' }),
    declared("rotation", "Creative rotation", "choice", { defaultValue: '"EVEN"' }),
    declared("category", "Category", "choice", { defaultValue: '"general"', sendsToReview: true }),
    declared("targetCountries", "Target countries", "document", { defaultValue: "[]" }),
    declared("targeting", "Targeting", "document", { defaultValue: "null" }),
    declared("startDate", "Start date", "date", { defaultDaysAfter: "today", defaultDays: 0 }),
    declared("endDate", "End date", "date", { defaultDaysAfter: "startDate", defaultDays: 30 }),
    declared("frequencyCaps", "Frequency caps", "document", { defaultValue: "null" }),
  ],
  siteFields: [
    declared("domain", "Domain", "text", { required: true, maxLength: 253 }),
    declared("name", "Name", "text", { required: true, maxLength: 120 }),
    declared("blockedDomains", "Blocked domains", "document", { max: 100, defaultValue: "[]" }),
  ],
  zoneFields: [
    declared("name", "Name", "text", { required: true, maxLength: 120 }),
    declared("width", "Width", "integer", { min: 1, max: 2000, defaultValue: "728" }),
    declared("height", "Height", "integer", { min: 1, max: 2000, defaultValue: "90" }),
    declared("format", "Format", "choice", { defaultValue: '"banner"' }),
    declared("position", "Position", "choice", { defaultValue: '"header"' }),
    declared("floor", "Floor price", "document", { defaultValue: "0" }),
    declared("presentation", "Presentation", "choice", { defaultValue: '"inline"' }),
    declared("nativeTemplate", "Native template", "document", { defaultValue: "null" }),
  ],
  audienceFields: [
    declared("name", "Name", "text", { required: true, maxLength: 120 }),
    declared("rule", "Who joins", "choice", {
      required: true,
      choices: [option("VISITED", "Visited the site"), option("VISITED_PAGE", "Visited a page matching"), option("CONVERTED", "Converted")],
    }),
    declared("pagePattern", "Page address contains", "document", { maxLength: 500, defaultValue: "null" }),
    declared("windowDays", "Membership window (days)", "integer", { min: 1, max: 180, defaultValue: "30" }),
    declared("siteDomains", "Your site domains", "document", { required: true, max: 20 }),
  ],
  ...over,
});

/** The form options answer, for as many forms as a test opens. */
export const formOptionsMock = (over: Partial<FormBoundsFragment> = {}) => ({
  request: { query: FormOptionsDocument },
  result: { data: { formOptions: formBounds(over) } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

/** The granularities the server offers for a range: every one, for any range, unless a test says otherwise. */
export const reportGranularitiesMock = (values = ["HOUR", "DAY", "MONTH"], range?: { from: string; to: string }) => ({
  request: { query: ReportGranularitiesDocument, variables: range ?? (() => true) },
  result: { data: { formOptions: { __typename: "FormOptions" as const, reportGranularities: values.map((value) => option(value, value.charAt(0) + value.slice(1).toLowerCase())) } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
