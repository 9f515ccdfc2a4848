import { ConflictError, ValidationError } from "../../common/errors";
import { microsToDollars } from "../../common/money";
import type { Role } from "../../auth/roles";
import { changedColumns, columnsOf, columnValues, readFields, refuseUnsettable, reviewedColumnsOf, withDefaults } from "../../common/fields/field";
import { reportCalendar } from "../reports/grains";
import { BidStrategy, PricingModel } from "./campaign.entity";
import { CAMPAIGN_FIELDS, type CampaignSettings } from "./campaign-fields";
import { checkTier, type Sponsorship } from "./campaign-tiers";

export type { CampaignSettings };

/** The name the bid came under: `bid`, or the spec's older `cpm`. */
export type BidField = "bid" | "cpm";

/** What an advertiser sets on a campaign, as either door sends it, by the names of CAMPAIGN_FIELDS: unchecked. */
export type CampaignFields = Readonly<Record<string, unknown>>;

/** No display inventory sells above this; a higher bid is a typing slip that would drain a budget. */
export const MAX_CPM_MICROS = 1_000 * 1_000_000;
/** A cent: a positive bid too small to survive rounding to micros would serve for free. */
export const MIN_CPM_MICROS = 10_000;

/**
 * The bid each pricing model accepts. A click sells for cents to a few dollars on display networks
 * and a conversion (a sale, a sign-up) for up to some hundreds; above these a bid is a typing slip.
 */
export const BID_BOUNDS: Record<PricingModel, { minMicros: number; maxMicros: number; unit: string }> = {
  [PricingModel.CPM]: { minMicros: MIN_CPM_MICROS, maxMicros: MAX_CPM_MICROS, unit: "per thousand impressions" },
  [PricingModel.CPC]: { minMicros: 10_000, maxMicros: 100 * 1_000_000, unit: "per click" },
  [PricingModel.CPA]: { minMicros: 10_000, maxMicros: 1_000 * 1_000_000, unit: "per conversion" },
  // A viewable thousand sells for a little more than a plain one; a completed view for a cent or a few.
  [PricingModel.VCPM]: { minMicros: MIN_CPM_MICROS, maxMicros: MAX_CPM_MICROS, unit: "per thousand viewable impressions" },
  [PricingModel.CPCV]: { minMicros: 10_000, maxMicros: 10 * 1_000_000, unit: "per completed view" },
};

/** "$500", "$0.01", "$1,000": an amount as a form shows it. */
export const dollarText = (micros: number) => `$${microsToDollars(micros).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

/** Flights are dates of the reporting calendar, as the ad server reads them. */
export const today = () => reportCalendar().dateOf(Date.now());

/** Absent (or null) leaves the bid alone. */
const sent = (value: unknown) => value !== undefined && value !== null;

/**
 * Which field carries the bid, so a refusal names what the person typed into: `bid`, or `cpm`
 * when only that was sent, or when a CPM campaign is created with neither (the spec's form).
 */
function bidFieldOf(input: CampaignFields): BidField {
  if (sent(input.bid)) return "bid";
  if (sent(input.cpm)) return "cpm";
  return sent(input.pricingModel) && String(input.pricingModel).toLowerCase() !== PricingModel.CPM ? "bid" : "cpm";
}

const isBid = (field: { column: string }) => field.column === "bidMicros";

/**
 * Reads every field sent (and, when `creating`, the required ones, sent or not), throwing at the
 * first bad one. The bid is read last, under the one of its names this input uses (`bidFieldOf`),
 * and is required under that name. A field the role may not set is refused first, whatever its value.
 */
export function readCampaignFields(input: CampaignFields, creating: boolean, role: Role): { settings: Partial<CampaignSettings>; bidField: BidField } {
  refuseUnsettable(CAMPAIGN_FIELDS, input, role);
  const bidField = bidFieldOf(input);
  const bid = CAMPAIGN_FIELDS.filter((field) => field.name === bidField).map((field) => ({ ...field, required: true }));
  const settings = { ...readFields(CAMPAIGN_FIELDS.filter((field) => !isBid(field)), input, creating), ...readFields(bid, input, creating) };
  return { settings, bidField };
}

/** A new campaign's settings: the fields sent, and the declared defaults for the others. */
export const withCampaignDefaults = (sent: Partial<CampaignSettings>): CampaignSettings => withDefaults(CAMPAIGN_FIELDS, sent, today()) as CampaignSettings;

/** Which name the bid came under, and whether the change makes the campaign or edits it. */
export interface SettingsChange {
  bidField: BidField;
  creating: boolean;
}

/** What the rules across fields need to know of the campaign beyond its settings. */
export interface SettingsFacts {
  minBudgetMicros: number;
  /** Charged so far, per the ledger. */
  spendMicros: number;
  /** Whether any of its ads has been shown: the start date is history from then on. */
  served: boolean;
  /** Whether the advertiser's conversion pixel has counted a conversion lately: what a conversion goal learns from. */
  pixelCounts: boolean;
  /** The other sponsorships whose flights overlap this one's; empty unless it is a sponsorship. */
  sponsorships: readonly Sponsorship[];
}

/** The goals learnt from conversions: without a pixel that counts them, the engine would bid blind. */
export const needsConversions = (strategy: BidStrategy) => strategy === BidStrategy.TARGET_CPA || strategy === BidStrategy.MAX_CONVERSIONS;

/** The goal's target and the pricing model whose bid bounds it keeps within (a conversion's, a click's). */
const GOAL_TARGETS: Partial<Record<BidStrategy, { column: "targetCpaMicros" | "targetCpcMicros"; field: string; model: PricingModel; what: string }>> = {
  [BidStrategy.TARGET_CPA]: { column: "targetCpaMicros", field: "targetCpa", model: PricingModel.CPA, what: "The target cost per conversion" },
  [BidStrategy.TARGET_CPC]: { column: "targetCpcMicros", field: "targetCpc", model: PricingModel.CPC, what: "The target cost per click" },
};

const GOAL_COLUMNS = new Set<keyof CampaignSettings>(["bidStrategy", "pricingModel", "targetCpaMicros", "targetCpcMicros"]);

/**
 * A goal bids per thousand impressions (CPM pricing) and needs its target, within the bounds of
 * what it targets; a conversion goal, a pixel that has counted. A fixed bid ignores any target kept.
 */
function checkGoal(next: CampaignSettings, facts: SettingsFacts): void {
  if (next.bidStrategy === BidStrategy.FIXED) return;
  if (next.pricingModel !== PricingModel.CPM) {
    throw new ValidationError("bidStrategy", "A bid strategy with a goal sets the price of each thousand impressions: choose CPM pricing, or a fixed bid");
  }
  const target = GOAL_TARGETS[next.bidStrategy];
  if (target) {
    const micros = next[target.column];
    if (micros === null) throw new ValidationError(target.field, `${target.what} is needed for this bid strategy`);
    const { minMicros, maxMicros } = BID_BOUNDS[target.model];
    if (micros < minMicros) throw new ValidationError(target.field, `${target.what} must be at least ${dollarText(minMicros)}`);
    if (micros > maxMicros) throw new ValidationError(target.field, `${target.what} can be at most ${dollarText(maxMicros)}`);
  }
  if (needsConversions(next.bidStrategy) && !facts.pixelCounts) {
    throw new ValidationError("bidStrategy", "This goal learns from conversions, and your conversion pixel has not counted one yet: place it on your site, or bid fixed or to a target cost per click");
  }
}

/**
 * The rules between fields, checked on the settings a change would leave, for the fields it
 * changes: an edit that keeps a date that has passed since is not refused for it.
 */
export function checkSettings(next: CampaignSettings, changed: ReadonlySet<keyof CampaignSettings>, facts: SettingsFacts, { bidField, creating }: SettingsChange): void {
  if (changed.has("budgetMicros")) {
    if (next.budgetMicros < facts.minBudgetMicros) throw new ValidationError("budget", `Budget must be at least ${dollarText(facts.minBudgetMicros)}`);
    if (next.budgetMicros < facts.spendMicros) {
      throw new ValidationError("budget", `Budget can't be less than the ${dollarText(facts.spendMicros)} this campaign has already spent`);
    }
  }
  if (bidField === "cpm" && next.pricingModel !== PricingModel.CPM && changed.has("bidMicros")) {
    throw new ValidationError("cpm", "CPM is the bid of a CPM campaign: send this campaign's bid as bid");
  }
  if (changed.has("bidMicros") || changed.has("pricingModel")) checkBid(next, bidField);
  if ([...GOAL_COLUMNS].some((column) => changed.has(column))) checkGoal(next, facts);
  if (next.dailyCapMicros !== null && (changed.has("dailyCapMicros") || changed.has("budgetMicros")) && next.dailyCapMicros > next.budgetMicros) {
    throw new ValidationError("dailyCap", "The daily budget cap can't be more than the total budget");
  }
  if (changed.has("startDate") && !creating) {
    if (facts.served) throw new ConflictError("The start date can't change once the campaign has shown ads", "startDate");
    if (next.startDate < today()) throw new ValidationError("startDate", "The start date has already passed: pick today or a later day");
  }
  if ((changed.has("startDate") || changed.has("endDate")) && next.endDate < next.startDate) {
    throw new ValidationError("endDate", "The end date can't be before the start date");
  }
  if (changed.has("endDate") && next.endDate < today()) throw new ValidationError("endDate", "The end date has already passed: pick today or a later day");
  checkTier(next, changed, facts.sponsorships);
}

function checkBid({ pricingModel, bidMicros }: CampaignSettings, field: BidField): void {
  const { minMicros, maxMicros, unit } = BID_BOUNDS[pricingModel];
  const label = field === "cpm" ? "CPM" : `The bid ${unit}`;
  if (bidMicros < minMicros) throw new ValidationError(field, `${label} must be at least ${dollarText(minMicros)}`);
  if (bidMicros > maxMicros) throw new ValidationError(field, `${label} can be at most ${dollarText(maxMicros)}`);
}

/** The columns an advertiser sets, each once. */
export const SETTING_COLUMNS: readonly (keyof CampaignSettings)[] = columnsOf(CAMPAIGN_FIELDS);

/** The columns the admins judged in review: changing one sends an approved campaign back to review. */
export const REVIEWED_COLUMNS: readonly (keyof CampaignSettings)[] = reviewedColumnsOf(CAMPAIGN_FIELDS);

/** The columns whose value differs between two versions of the settings. */
export const changedSettings = (before: CampaignSettings, after: CampaignSettings) => changedColumns(CAMPAIGN_FIELDS, before, after);

/** Just a campaign's settings: what an edit compares and a duplicate copies. */
export const settingsOf = (campaign: CampaignSettings): CampaignSettings => columnValues(CAMPAIGN_FIELDS, campaign);
