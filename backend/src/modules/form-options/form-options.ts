import { MAX_REVENUE_SHARE_BPS, MIN_REVENUE_SHARE_BPS } from "../../config";
import { CAP_PERIODS, MAX_CAP_COUNT } from "../frequency-caps/frequency-caps";
import { microsToDollars } from "../../common/money";
import { MAX_LENGTH, MIN_PASSWORD_LENGTH } from "../../common/text-limits";
import { MAX_AMOUNT_DOLLARS } from "../../common/validate";
import { ADVERTISER_CATEGORIES } from "../campaigns/advertiser-categories";
import { CreativeRotation, PacingMode, PricingModel } from "../campaigns/campaign.entity";
import { categoryLabel, PACING_LABELS, PRICE_LABELS, PRICING_MODEL_LABELS, ROTATION_LABELS } from "../campaigns/campaign-labels";
import { BID_BOUNDS, MAX_CPM_MICROS, MIN_CPM_MICROS } from "../campaigns/campaign-settings";
import { CREATIVE_CONTENT_FIELDS, EXPANDABLE_TYPES, MAX_EXPANSION_FACTOR, MAX_SKIP_AFTER_SECONDS, MAX_VIDEO_SECONDS } from "../creatives/creative-fields";
import { SITE_FIELDS } from "../sites/site-fields";
import { ZONE_FIELDS } from "../zones/zone-fields";
import { SELECTABLE_COUNTRIES } from "../targeting/countries";
import { CONTACT_SUBJECT_LABELS } from "../contact/contact-message.entity";
import { CREATIVE_TYPE_LABELS } from "../creatives/creative.entity";
import { INVALID_REASON_LABELS } from "../delivery/quality/invalid-reasons";
import { PAYOUT_METHOD_LABELS, PayoutMethodType } from "../payouts/payout-method";
import { MINIMUM_PAYOUT_MICROS } from "../payouts/payouts.service";
import { reportCalendar } from "../reports/grains";
import type { Granularity } from "../reports/report-range";
import { SITE_CATEGORIES } from "../targeting/site-categories";
import { ZONE_FORMATS, ZONE_POSITIONS, ZONE_PRESENTATIONS } from "../zones/ad-zone.entity";
import { NativeLimits } from "../creatives/native-fields.types";
import { IAB_ZONE_SIZES, MAX_ZONE_PIXELS } from "../zones/zone-sizes";
import { PRESENTATION_SIZES, PRESENTATION_TEXTS } from "../zones/zone-presentation";
import { LEGAL_VERSIONS } from "../users/legal-terms";
import type { FieldList } from "../../common/fields/field";
import { formFieldsOf } from "../../common/fields/form-fields";
import { CAMPAIGN_FIELDS } from "../campaigns/campaign-fields";
import { BidBounds, FormFieldRules, FormOption, FormOptions, LegalVersions, TargetingRuleOption, TextLimits, ZonePresentationOption, ZoneSizeOption } from "./form-options.types";
import { AUDIENCE_FIELDS } from "../audiences/audience-fields";
import { TARGETING_RULES } from "../targeting/targeting-rules";
import { WEBHOOK_EVENTS } from "../webhooks/webhook-events";

/** What depends on this deployment's configuration; everything else is a constant the services check against. */
export interface ConfiguredBounds {
  minBudgetMicros: number;
  defaultRevenueShareBps: number;
  minDepositMicros: number;
}

const option = (value: string, label: string) => Object.assign(new FormOption(), { value, label });
const capitalised = (values: readonly string[]) => values.map((value) => option(value, value.charAt(0).toUpperCase() + value.slice(1)));
const labelled = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => option(value, label));

/** A GraphQL enum's choices, valued as GraphQL names them (CPM), which is what the forms send back. */
const enumOptions = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => option(value.toUpperCase(), labels[value]));

/** The bounds and choices the services validate with, served so the forms offer exactly those. */
export function formOptionsOf({ minBudgetMicros, defaultRevenueShareBps, minDepositMicros }: ConfiguredBounds): FormOptions {
  return Object.assign(new FormOptions(), {
    minCampaignBudget: microsToDollars(minBudgetMicros),
    maxAmount: MAX_AMOUNT_DOLLARS,
    minCpm: microsToDollars(MIN_CPM_MICROS),
    maxCpm: microsToDollars(MAX_CPM_MICROS),
    minRevenueSharePercent: MIN_REVENUE_SHARE_BPS / 100,
    maxRevenueSharePercent: MAX_REVENUE_SHARE_BPS / 100,
    defaultRevenueSharePercent: defaultRevenueShareBps / 100,
    minimumPayout: microsToDollars(MINIMUM_PAYOUT_MICROS),
    minDeposit: microsToDollars(minDepositMicros),
    maxLength: Object.assign(new TextLimits(), MAX_LENGTH),
    minPasswordLength: MIN_PASSWORD_LENGTH,
    legalVersions: Object.assign(new LegalVersions(), LEGAL_VERSIONS),
    reportTimeZone: reportCalendar().timeZone,
    minPixels: 1,
    maxPixels: MAX_ZONE_PIXELS,
    maxVideoSeconds: MAX_VIDEO_SECONDS,
    maxSkipAfterSeconds: MAX_SKIP_AFTER_SECONDS,
    expandableCreativeTypes: [...EXPANDABLE_TYPES],
    maxExpansionFactor: MAX_EXPANSION_FACTOR,
    maxFrequencyCapCount: MAX_CAP_COUNT,
    // The row reads "3 per day": each period by its own lower-case name.
    frequencyCapPeriods: CAP_PERIODS.map((period) => option(period, period)),
    siteCategories: capitalised(SITE_CATEGORIES),
    zoneSizes: IAB_ZONE_SIZES.map(({ name, width, height }) => Object.assign(new ZoneSizeOption(), { label: `${name} (${width}×${height})`, width, height })),
    zoneFormats: capitalised(ZONE_FORMATS),
    zonePositions: capitalised(ZONE_POSITIONS),
    creativeTypes: labelled(CREATIVE_TYPE_LABELS),
    nativeLimits: NativeLimits.value,
    zonePresentations: ZONE_PRESENTATIONS.map((value) => {
      const { min, max } = PRESENTATION_SIZES[value] ?? {};
      const { label, help } = PRESENTATION_TEXTS[value];
      return Object.assign(new ZonePresentationOption(), { value, label, help, minWidth: min?.width ?? null, minHeight: min?.height ?? null, maxWidth: max?.width ?? null, maxHeight: max?.height ?? null });
    }),
    pricingModels: enumOptions(Object.values(PricingModel), PRICING_MODEL_LABELS),
    bidBounds: Object.values(PricingModel).map((model) =>
      Object.assign(new BidBounds(), { pricingModel: model, min: microsToDollars(BID_BOUNDS[model].minMicros), max: microsToDollars(BID_BOUNDS[model].maxMicros), unit: BID_BOUNDS[model].unit, priceLabel: PRICE_LABELS[model] }),
    ),
    pacingModes: enumOptions(Object.values(PacingMode), PACING_LABELS),
    creativeRotations: enumOptions(Object.values(CreativeRotation), ROTATION_LABELS),
    advertiserCategories: ADVERTISER_CATEGORIES.map((category) => option(category, categoryLabel(category))),
    countries: SELECTABLE_COUNTRIES.map(({ code, name }) => option(code, name)),
    contactSubjects: labelled(CONTACT_SUBJECT_LABELS),
    invalidTrafficReasons: labelled(INVALID_REASON_LABELS),
    // As GraphQL names the enum's values (BANK_TRANSFER), which is what the forms send back.
    payoutMethods: Object.values(PayoutMethodType).map((type) => option(type.toUpperCase(), PAYOUT_METHOD_LABELS[type])),
    webhookEvents: WEBHOOK_EVENTS.map(({ type, label }) => option(type, label)),
    targetingRules: TARGETING_RULES.map(({ key, label, kind, options, hint }) =>
      Object.assign(new TargetingRuleOption(), { key, label, kind, options: options.map((choice) => option(choice.value, choice.label)), hint: hint ?? null }),
    ),
    campaignFields: formFieldRulesOf(CAMPAIGN_FIELDS),
    creativeFields: formFieldRulesOf(CREATIVE_CONTENT_FIELDS),
    siteFields: formFieldRulesOf(SITE_FIELDS),
    zoneFields: formFieldRulesOf(ZONE_FIELDS),
    audienceFields: formFieldRulesOf(AUDIENCE_FIELDS),
  });
}

/** A declaration's public part as the forms read it. */
export const formFieldRulesOf = <Row>(fields: FieldList<Row>) =>
  formFieldsOf(fields).map((facts) => Object.assign(new FormFieldRules(), { ...facts, choices: facts.choices.map((choice) => option(choice.value, choice.label)) }));

const GRANULARITY_LABELS: Record<Granularity, string> = { hour: "Hour", day: "Day", month: "Month" };

/** As GraphQL names ReportGranularity's values (HOUR), which is what the report screens send back. */
export const granularityOptions = (granularities: Granularity[]) => granularities.map((granularity) => option(granularity.toUpperCase(), GRANULARITY_LABELS[granularity]));
