import { Role } from "../../auth/roles";
import type { FieldList } from "../../common/fields/field";
import * as kinds from "../../common/fields/field-kinds";
import { MAX_LENGTH } from "../../common/text-limits";
import { capsText, frequencyCapsDocument, parseFrequencyCaps, storedFrequencyCaps } from "../frequency-caps/frequency-caps";
import { FrequencyCapInput, FrequencyCapView } from "../frequency-caps/frequency-caps.types";
import { countryName, parseTargetCountries } from "../targeting/countries";
import { parseTargeting, storedTargeting, targetingText } from "../targeting/targeting-rules";
import { targetingSummary } from "../targeting/targeting-summary";
import { AudienceTargeting, Targeting } from "../targeting/targeting.types";
import { audienceTargetingSummary, audienceTargetingText, MAX_TARGETED_AUDIENCES, parseAudienceTargeting, storedAudienceTargeting } from "../targeting/rules/audiences";
import { ADVERTISER_CATEGORIES } from "./advertiser-categories";
import { BidStrategy, type Campaign, CreativeRotation, DeliveryTier, GoalType, PacingMode, PricingModel } from "./campaign.entity";
import { competitorsText, MAX_PAGE_ZONES, MIN_ROADBLOCK_ZONES, parseCompetitorCategories, roadblockText } from "./page-rules";
import { BID_STRATEGY_LABELS, categoryLabel, DELIVERY_TIER_LABELS, GOAL_TYPE_LABELS, PACING_LABELS, PRICING_MODEL_LABELS, ROTATION_LABELS } from "./campaign-labels";

/** OpenRTB deal ids are the exchange's own strings; longer than this is none an exchange sends. */
export const MAX_DEAL_ID_LENGTH = 64;

/** The spec's default flight: 30 days from the start date. */
export const DEFAULT_FLIGHT_DAYS = 30;

const BOTH = [Role.ADVERTISER, Role.ADMIN] as const;
const BID = "In dollars, in whole cents, within formOptions.bidBounds for the pricing model.";
const TARGET_CPA = "For TARGET_CPA: what a conversion should cost, in dollars, in whole cents, within formOptions.bidBounds of CPA.";
const TARGET_CPC = "For TARGET_CPC: what a click should cost, in dollars, in whole cents, within formOptions.bidBounds of CPC.";
const DAILY_CAP = "At most this much a day, in dollars, in whole cents, not above the budget; null for no cap.";

/** Edits apply live: most fields of a campaign never send it back to review (see CampaignsService.update). */
const LIVE = { setBy: BOTH, sendsToReview: false } as const;
/** What an admin books for an advertiser (an insertion order): a self-serve campaign competes in the auction. */
const BOOKED = { setBy: [Role.ADMIN], sendsToReview: false } as const;
/** The largest goal a GraphQL Int carries: more than a network serves in a flight is a typing slip anyway. */
export const MAX_GOAL_AMOUNT = 2_000_000_000;
/** What the admins judged when they approved it: changing it sends an approved campaign back to review. */
const REVIEWED = { setBy: BOTH, sendsToReview: true } as const;

/**
 * A campaign's editable fields, declared once: the GraphQL inputs, the REST body and its OpenAPI
 * schema, the defaults of a new campaign, what a duplicate copies, the audit diff, the history's
 * words and the form's rules are all made from this list. The rules between fields stay code
 * (`checkSettings`). The bid comes under two names (`bid`, and `cpm` for a CPM campaign).
 */
export const CAMPAIGN_FIELDS = [
  { name: "name", column: "name", kind: kinds.text(MAX_LENGTH.name), label: "Name", required: true, ...LIVE },
  {
    name: "budget",
    column: "budgetMicros",
    kind: kinds.dollars(),
    label: "Budget",
    required: true,
    description: { create: "Total budget in dollars, in whole cents; at least the network minimum.", update: "Never below what the campaign has spent." },
    ...LIVE,
  },
  {
    name: "pricingModel",
    column: "pricingModel",
    kind: kinds.choice(Object.values(PricingModel), (model) => PRICING_MODEL_LABELS[model as PricingModel], PricingModel),
    label: "Pricing model",
    default: { value: PricingModel.CPM },
    description: { create: "CPM when left out." },
    ...LIVE,
  },
  {
    name: "bid",
    column: "bidMicros",
    kind: kinds.dollars(),
    label: "Bid",
    required: true,
    description: {
      create: `What one unit of the pricing model costs. ${BID}`,
      update: BID,
      answer: "What one unit of the pricing model costs: a thousand impressions, a click or a conversion.",
    },
    ...LIVE,
  },
  {
    name: "cpm",
    column: "bidMicros",
    kind: kinds.dollars(),
    label: "CPM",
    description: { create: "The bid of a CPM campaign under its older name, from $0.01 to $1,000; bid wins when both are sent." },
    aliases: [{ name: "cmp", description: "The legacy form's name for cpm" }],
    inputs: ["create"],
    ...LIVE,
  },
  {
    name: "bidStrategy",
    column: "bidStrategy",
    kind: kinds.choice(Object.values(BidStrategy), (strategy) => BID_STRATEGY_LABELS[strategy as BidStrategy], BidStrategy),
    label: "Bid strategy",
    default: { value: BidStrategy.FIXED },
    description: {
      create: "FIXED when left out. A goal (target CPA or CPC, most conversions) needs CPM pricing: the engine then bids per zone, up to the bid.",
      update: "A goal needs CPM pricing; its bid becomes the most paid per thousand impressions.",
    },
    ...LIVE,
  },
  { name: "targetCpa", column: "targetCpaMicros", kind: kinds.dollars(), label: "Target cost per conversion", none: "No target", default: { value: null }, description: { create: TARGET_CPA, update: TARGET_CPA, answer: "What a conversion should cost; null unless the strategy is TARGET_CPA." },
    ...LIVE,
  },
  { name: "targetCpc", column: "targetCpcMicros", kind: kinds.dollars(), label: "Target cost per click", none: "No target", default: { value: null }, description: { create: TARGET_CPC, update: TARGET_CPC, answer: "What a click should cost; null unless the strategy is TARGET_CPC." },
    ...LIVE,
  },
  { name: "dailyCap", column: "dailyCapMicros", kind: kinds.dollars(), label: "Daily budget cap", none: "No cap", default: { value: null }, description: { create: DAILY_CAP, update: DAILY_CAP, answer: "At most this much a day; null when only the pacing decides." },
    ...LIVE,
  },
  {
    name: "pacing",
    column: "pacing",
    kind: kinds.choice(Object.values(PacingMode), (mode) => PACING_LABELS[mode as PacingMode], PacingMode),
    label: "Pacing",
    default: { value: PacingMode.EVEN },
    description: { create: "EVEN when left out." },
    ...LIVE,
  },
  {
    name: "rotation",
    column: "rotation",
    kind: kinds.choice(Object.values(CreativeRotation), (rotation) => ROTATION_LABELS[rotation as CreativeRotation], CreativeRotation),
    label: "Creative rotation",
    default: { value: CreativeRotation.EVEN },
    description: { create: "EVEN when left out." },
    ...LIVE,
  },
  {
    name: "category",
    column: "category",
    kind: kinds.choice(ADVERTISER_CATEGORIES, (category) => categoryLabel(category as (typeof ADVERTISER_CATEGORIES)[number])),
    label: "Category",
    default: { value: "general" },
    description: {
      create: "One of formOptions.advertiserCategories; general when left out.",
      update: "One of formOptions.advertiserCategories; another category sends an approved campaign back to review.",
      answer: "What the advertiser sells, one of formOptions.advertiserCategories.",
    },
    // Sites block categories (gambling, dating...): a category the admins have not seen could reach a site that refuses it.
    ...REVIEWED,
  },
  {
    name: "targetCountries",
    column: "targetCountries",
    kind: kinds.document({
      graphqlType: () => [String],
      read: parseTargetCountries,
      show: (value) => ((value as string[]).length === 0 ? "Every country" : (value as string[]).map(countryName).join(", ")),
    }),
    label: "Target countries",
    default: { value: [] },
    description: {
      create: "ISO codes or country names; empty or left out means every country.",
      update: "Empty means every country.",
      answer: "ISO 3166-1 alpha-2 codes; empty means every country.",
    },
    ...LIVE,
  },
  {
    name: "targeting",
    column: "targeting",
    kind: kinds.document({
      graphqlType: () => Targeting,
      read: (value) => targetingText(parseTargeting(value)),
      toInput: (value) => storedTargeting(value as string | null),
      show: (value) => targetingSummary(value as string | null),
      nestedNames: true,
    }),
    label: "Targeting",
    default: { value: null },
    description: { create: "Every rule left out targets everyone.", update: "Replaces the targeting rules; an empty document targets everyone." },
    ...LIVE,
  },
  {
    name: "audiences",
    column: "audienceTargeting",
    kind: kinds.document({
      graphqlType: () => AudienceTargeting,
      read: (value) => audienceTargetingText(parseAudienceTargeting(value)),
      toInput: (value) => storedAudienceTargeting(value as string | null) ?? { include: [], exclude: [] },
      show: (value) => audienceTargetingSummary(value as string | null),
      nestedNames: true,
    }),
    label: "Audiences",
    default: { value: null },
    description: {
      create: `Your own audiences (myAudiences) to show to only, and to never show to; at most ${MAX_TARGETED_AUDIENCES} each. Left out targets everyone.`,
      update: "Replaces the audience rule; empty lists target everyone.",
      answer: "The audiences shown to only (include, when any) and never shown to (exclude).",
    },
    ...LIVE,
  },
  {
    name: "startDate",
    column: "startDate",
    kind: kinds.calendarDate(),
    label: "Start date",
    default: { daysAfter: "today", days: 0 },
    description: {
      create: "YYYY-MM-DD, a date of the reporting time zone; today when left out.",
      update: "YYYY-MM-DD; changes only until the campaign has shown an ad, and not to a past day.",
      answer: "YYYY-MM-DD",
    },
    ...LIVE,
  },
  {
    name: "endDate",
    column: "endDate",
    kind: kinds.calendarDate(),
    label: "End date",
    default: { daysAfter: "startDate", days: DEFAULT_FLIGHT_DAYS },
    description: { create: "YYYY-MM-DD, not before startDate; 30 days after it when left out.", update: "YYYY-MM-DD; not in the past, not before the start.", answer: "YYYY-MM-DD" },
    ...LIVE,
  },
  {
    name: "deliveryTier",
    column: "deliveryTier",
    kind: kinds.choice(Object.values(DeliveryTier), (tier) => DELIVERY_TIER_LABELS[tier as DeliveryTier], DeliveryTier),
    label: "Delivery tier",
    default: { value: DeliveryTier.AUCTION },
    description: {
      create: "AUCTION when left out; only an admin books another tier.",
      update: "Only an admin books a tier other than AUCTION. SPONSORSHIP and GUARANTEED sell at a fixed CPM or CPC bid; HOUSE is never billed.",
      answer: "The priority the decision applies before price: SPONSORSHIP, then GUARANTEED, then AUCTION, then HOUSE.",
    },
    ...BOOKED,
  },
  {
    name: "goalType",
    column: "goalType",
    kind: kinds.choice(Object.values(GoalType), (type) => GOAL_TYPE_LABELS[type as GoalType], GoalType),
    label: "Goal counts",
    default: { value: GoalType.IMPRESSIONS },
    description: { create: "What a guaranteed campaign's goal counts; IMPRESSIONS when left out.", update: "What a guaranteed campaign's goal counts." },
    ...BOOKED,
  },
  {
    name: "goalAmount",
    column: "goalAmount",
    kind: kinds.integer(1, MAX_GOAL_AMOUNT),
    label: "Goal",
    none: "No goal",
    default: { value: null },
    description: {
      create: "A GUARANTEED campaign's goal between its start and end dates, in goalType's unit; needed for that tier, refused for the others.",
      update: "A GUARANTEED campaign's goal between its dates; null removes it (the tier then needs another).",
      answer: "A guaranteed campaign's goal between its dates, in goalType's unit; null for the other tiers.",
    },
    ...BOOKED,
  },
  {
    name: "sharePercent",
    column: "sharePercent",
    kind: kinds.integer(1, 100),
    label: "Share of requests",
    none: "No share",
    default: { value: null },
    description: {
      create: "A SPONSORSHIP's percentage of the requests it matches through its flight; with the sponsorships on the same inventory at most 100.",
      update: "A SPONSORSHIP's percentage of the requests it matches; with the sponsorships on the same inventory at most 100.",
      answer: "A sponsorship's percentage of the requests it matches; null for the other tiers.",
    },
    ...BOOKED,
  },
  {
    name: "frequencyCaps",
    column: "frequencyCaps",
    kind: kinds.document({
      graphqlType: () => [FrequencyCapInput],
      answerType: () => [FrequencyCapView],
      read: (value) => frequencyCapsDocument(parseFrequencyCaps(value)),
      toInput: (value) => storedFrequencyCaps(value as string | null) ?? [],
      show: (value) => capsText(storedFrequencyCaps(value as string | null)),
    }),
    label: "Frequency caps",
    default: { value: null },
    description: {
      create: "One cap per period at most; empty or left out caps nothing.",
      update: "Replaces the caps; an empty list removes them.",
      answer: "At most so many impressions per visitor per period; empty caps nothing.",
    },
    ...LIVE,
  },
  {
    name: "dealId",
    column: "dealId",
    kind: kinds.text(MAX_DEAL_ID_LENGTH),
    label: "Private marketplace deal",
    none: "No deal",
    default: { value: null },
    description: {
      update: "The deal id exchanges offer it through (OpenRTB imp.pmp.deals), at its bid; it then serves through that deal only. Admins only; unique among live campaigns; null for the open auction.",
      answer: "The private marketplace deal it is sold through, at its bid; null for the open auction.",
    },
    // A deal is a price the network negotiated with an exchange's buyer: its sales team books it.
    setBy: [Role.ADMIN],
    sendsToReview: false,
    inputs: ["update"],
  },
  {
    name: "competitorCategories",
    column: "competitorCategories",
    kind: kinds.document({ graphqlType: () => [String], read: parseCompetitorCategories, show: (value) => competitorsText(value as string[]) }),
    label: "Competitor categories",
    default: { value: [] },
    description: {
      create: "Categories of formOptions.advertiserCategories whose ads may not show on the same page as this campaign's, nor this campaign's beside theirs; empty or left out names none.",
      update: "Replaces the list; empty names none.",
      answer: "Categories whose ads never share a page with this campaign's.",
    },
    ...LIVE,
  },
  {
    name: "roadblockZones",
    column: "roadblockZones",
    kind: kinds.integer(MIN_ROADBLOCK_ZONES, MAX_PAGE_ZONES),
    label: "Roadblock",
    none: "Not a roadblock",
    show: roadblockText,
    default: { value: null },
    description: {
      create: `A roadblock shows in every zone of a page it has a creative for, and only when those are at least this many (${MIN_ROADBLOCK_ZONES} to ${MAX_PAGE_ZONES}); null or left out: not a roadblock. Needs creatives of as many sizes, so it is set once they are added.`,
      update: "null: not a roadblock. At least as many of the campaign's creatives' sizes.",
      answer: "At least so many of a page's zones together, or not at all; null when it is no roadblock.",
    },
    ...LIVE,
  },
] as const satisfies FieldList<Campaign>;

/** The columns an advertiser sets: what an edit may change and a duplicate copies. */
export type CampaignSettings = Pick<Campaign, (typeof CAMPAIGN_FIELDS)[number]["column"]>;
