import { ConflictError, ValidationError } from "../../common/errors";
import { microsToDollars } from "../../common/money";
import { MAX_LENGTH } from "../../common/text-limits";
import * as check from "../../common/validate";
import { reportCalendar } from "../reports/grains";
import { ADVERTISER_CATEGORIES } from "./advertiser-categories";
import { type Campaign, CreativeRotation, PacingMode, PricingModel } from "./campaign.entity";
import { frequencyCapsDocument, parseFrequencyCaps } from "../frequency-caps/frequency-caps";
import { parseTargeting, targetingText } from "../targeting/targeting-rules";
import { parseTargetCountries } from "../targeting/countries";

/** What an advertiser sets on a campaign, as either door sends it: unchecked. */
export interface CampaignFields {
  name?: unknown;
  budget?: unknown;
  pricingModel?: unknown;
  bid?: unknown;
  /** The bid of a CPM campaign under the spec's older name, which its clients still send. */
  cpm?: unknown;
  /** Dollars a day; null removes the cap. */
  dailyCap?: unknown;
  pacing?: unknown;
  rotation?: unknown;
  category?: unknown;
  targetCountries?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  /** A list of caps; an empty list removes them. */
  frequencyCaps?: unknown;
  /** The targeting rules beyond countries; an empty document targets everyone. */
  targeting?: unknown;
  /** Seconds of a video ad before the viewer may skip it; null: never skippable. */
  skipAfterSeconds?: unknown;
}

/** The columns an advertiser sets: what an edit may change and a duplicate copies. */
export type CampaignSettings = Pick<
  Campaign,
  | "name"
  | "budgetMicros"
  | "pricingModel"
  | "bidMicros"
  | "dailyCapMicros"
  | "pacing"
  | "rotation"
  | "category"
  | "targetCountries"
  | "startDate"
  | "endDate"
  | "targeting"
  | "frequencyCaps"
  | "skipAfterSeconds"
>;

export const SETTING_COLUMNS: readonly (keyof CampaignSettings)[] = [
  "name",
  "budgetMicros",
  "pricingModel",
  "bidMicros",
  "dailyCapMicros",
  "pacing",
  "rotation",
  "category",
  "targetCountries",
  "startDate",
  "endDate",
  "targeting",
  "frequencyCaps",
  "skipAfterSeconds",
];

/** The spec's default flight: 30 days from the start date. */
export const DEFAULT_FLIGHT_DAYS = 30;

/** No display inventory sells above this; a higher bid is a typing slip that would drain a budget. */
export const MAX_CPM_MICROS = 1_000 * 1_000_000;
/** A cent: a positive bid too small to survive rounding to micros would serve for free. */
export const MIN_CPM_MICROS = 10_000;

/** A video ad is skippable after at most a minute: the longest video the network takes. */
export const MAX_SKIP_AFTER_SECONDS = 60;

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

export function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

const PRICING_MODELS = Object.values(PricingModel);
const PACING_MODES = Object.values(PacingMode);
const ROTATIONS = Object.values(CreativeRotation);

/**
 * How each field is read into its column, for creating and editing alike. A new setting (targeting,
 * frequency caps) is one more line here, reading with its own module's parser.
 */
const FIELD_READERS: Record<Exclude<keyof CampaignFields, "cpm" | "bid">, (value: unknown) => Partial<CampaignSettings>> = {
  name: (value) => ({ name: check.requiredText("name", value, MAX_LENGTH.name) }),
  budget: (value) => ({ budgetMicros: check.dollars("budget", value) }),
  pricingModel: (value) => ({ pricingModel: check.oneOf("pricingModel", value, PRICING_MODELS) }),
  dailyCap: (value) => ({ dailyCapMicros: value === null ? null : check.dollars("dailyCap", value) }),
  pacing: (value) => ({ pacing: check.oneOf("pacing", value, PACING_MODES) }),
  rotation: (value) => ({ rotation: check.oneOf("rotation", value, ROTATIONS) }),
  category: (value) => ({ category: check.oneOf("category", value, ADVERTISER_CATEGORIES) }),
  targetCountries: (value) => ({ targetCountries: parseTargetCountries(value) }),
  startDate: (value) => ({ startDate: check.calendarDate("startDate", value) }),
  endDate: (value) => ({ endDate: check.calendarDate("endDate", value) }),
  frequencyCaps: (value) => ({ frequencyCaps: frequencyCapsDocument(parseFrequencyCaps(value)) }),
  targeting: (value) => ({ targeting: targetingText(parseTargeting(value)) }),
  skipAfterSeconds: (value) => ({ skipAfterSeconds: value === null ? null : check.integer("skipAfterSeconds", value, 0, MAX_SKIP_AFTER_SECONDS) }),
};

/** Fields whose null means something: no daily cap, a video that cannot be skipped. */
const NULL_MEANS_NONE = new Set<keyof CampaignFields>(["dailyCap", "skipAfterSeconds"]);

/** Absent (or null, which clients send for "unchanged") leaves a field alone, except where null means none. */
const isSent = (field: keyof CampaignFields, value: unknown) => value !== undefined && (value !== null || NULL_MEANS_NONE.has(field));

/**
 * Which field carries the bid, so a refusal names what the person typed into: `bid`, or `cpm`
 * when only that was sent, or when a CPM campaign is created with neither (the spec's form).
 */
function bidFieldOf(input: CampaignFields): "bid" | "cpm" {
  if (isSent("bid", input.bid)) return "bid";
  if (isSent("cpm", input.cpm)) return "cpm";
  return isSent("pricingModel", input.pricingModel) && String(input.pricingModel).toLowerCase() !== PricingModel.CPM ? "bid" : "cpm";
}

/** Reads every field sent (and the `required` ones, sent or not), throwing at the first bad one. */
export function readFields(input: CampaignFields, required: (keyof CampaignFields)[] = []): { settings: Partial<CampaignSettings>; bidField: "bid" | "cpm" } {
  const settings: Partial<CampaignSettings> = {};
  for (const [field, read] of Object.entries(FIELD_READERS) as [keyof typeof FIELD_READERS, (value: unknown) => Partial<CampaignSettings>][]) {
    const value = input[field];
    if (isSent(field, value) || required.includes(field)) Object.assign(settings, read(value));
  }
  const bidField = bidFieldOf(input);
  const bid = input[bidField];
  if (isSent(bidField, bid) || required.includes("bid")) settings.bidMicros = check.dollars(bidField, bid);
  return { settings, bidField };
}

/** What the rules across fields need to know of the campaign beyond its settings. */
export interface SettingsFacts {
  minBudgetMicros: number;
  /** Charged so far, per the ledger. */
  spendMicros: number;
  /** Whether any of its ads has been shown: the start date is history from then on. */
  served: boolean;
}

/**
 * The rules between fields, checked on the settings a change would leave, for the fields it
 * changes: an edit that keeps a date that has passed since is not refused for it.
 */
export function checkSettings(next: CampaignSettings, changed: ReadonlySet<keyof CampaignSettings>, facts: SettingsFacts, bidField: "bid" | "cpm", creating: boolean): void {
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
}

function checkBid({ pricingModel, bidMicros }: CampaignSettings, field: "bid" | "cpm"): void {
  const { minMicros, maxMicros, unit } = BID_BOUNDS[pricingModel];
  const label = field === "cpm" ? "CPM" : `The bid ${unit}`;
  if (bidMicros < minMicros) throw new ValidationError(field, `${label} must be at least ${dollarText(minMicros)}`);
  if (bidMicros > maxMicros) throw new ValidationError(field, `${label} can be at most ${dollarText(maxMicros)}`);
}

/** The columns whose value differs between two versions of the settings. */
export function changedColumns(before: CampaignSettings, after: CampaignSettings): Set<keyof CampaignSettings> {
  return new Set(SETTING_COLUMNS.filter((column) => JSON.stringify(before[column]) !== JSON.stringify(after[column])));
}

export function settingsOf(campaign: CampaignSettings): CampaignSettings {
  return Object.fromEntries(SETTING_COLUMNS.map((column) => [column, campaign[column]])) as unknown as CampaignSettings;
}

/** Just these columns of the settings, for the audit log's before and after. */
export function pick(settings: CampaignSettings, columns: Iterable<keyof CampaignSettings>): Record<string, unknown> {
  return Object.fromEntries([...columns].map((column) => [column, settings[column]]));
}
