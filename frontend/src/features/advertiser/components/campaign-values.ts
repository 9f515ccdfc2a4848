import { dollarsError } from "../../../components/form/money";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { declaredError, defaultOf, type DeclaredField, inputValueOf, storedValuesOf, typedValuesOf } from "../../../components/form/declared-fields";
import { cleanTargeting, targetingInputOf } from "./targeting-value";
import { frequencyCapsError, type FrequencyCapRow, toFrequencyCapInputs } from "./frequency-caps-fields";
import type { AdvertiserCampaignFragment, AudienceTargetingInput, CreativeRotation, TargetingInput, FormBoundsFragment, PacingMode, PricingModel, TargetingForecastInput, UpdateCampaignInput } from "../../../gql/graphql";

/** The declared fields this form has a widget of its own for; any other is drawn by its kind (`DeclaredFieldInput`). */
const OWN_WIDGETS = new Set(["name", "category", "budget", "dailyCap", "pricingModel", "bid", "pacing", "rotation", "targetCountries", "startDate", "endDate", "frequencyCaps", "targeting", "audiences"]);

/** The fields the server declares that the form draws by their kind, typed as text under their own names. */
export const declaredOnlyFields = (options: FormBoundsFragment): DeclaredField[] =>
  options.campaignFields.filter((field) => !OWN_WIDGETS.has(field.name) && field.kind !== "document");

/**
 * The campaign form's fields as typed: amounts stay text until sent, and an empty daily cap means
 * none. A field only the declaration knows is typed text under its own name.
 */
export interface CampaignValues {
  [declaredOnly: string]: unknown;
  name: string;
  category: string;
  budget: string;
  dailyCap: string;
  pricingModel: PricingModel;
  bid: string;
  pacing: PacingMode;
  rotation: CreativeRotation;
  targetCountries: string[];
  startDate: string;
  endDate: string;
  frequencyCaps: FrequencyCapRow[];
  targeting: TargetingInput;
  audiences: AudienceTargetingInput;
}

/** A new campaign's values: the declared defaults. */
export const newCampaignValues = (options: FormBoundsFragment): CampaignValues => {
  const fields = options.campaignFields;
  const byDefault = (name: string) => {
    const field = fields.find((candidate) => candidate.name === name);
    return field ? defaultOf(field, fields) : undefined;
  };
  return {
    name: "",
    category: String(byDefault("category") ?? "general"),
    budget: "",
    dailyCap: "",
    pricingModel: (byDefault("pricingModel") ?? "CPM") as PricingModel,
    bid: "",
    pacing: (byDefault("pacing") ?? "EVEN") as PacingMode,
    rotation: (byDefault("rotation") ?? "EVEN") as CreativeRotation,
    targetCountries: [],
    startDate: String(byDefault("startDate") ?? ""),
    endDate: String(byDefault("endDate") ?? ""),
    frequencyCaps: [],
    targeting: {},
    audiences: { include: [], exclude: [] },
    ...typedValuesOf(declaredOnlyFields(options), fields),
  };
};

export const campaignValuesOf = (campaign: AdvertiserCampaignFragment, options: FormBoundsFragment): CampaignValues => ({
  ...typedValuesOf(declaredOnlyFields(options), options.campaignFields, storedValuesOf(campaign.fieldValues)),
  name: campaign.name,
  category: campaign.category,
  budget: String(campaign.budget),
  dailyCap: campaign.dailyCap === null || campaign.dailyCap === undefined ? "" : String(campaign.dailyCap),
  pricingModel: campaign.pricingModel,
  bid: String(campaign.bid),
  pacing: campaign.pacing,
  rotation: campaign.rotation,
  targetCountries: [...campaign.targetCountries],
  startDate: campaign.startDate,
  endDate: campaign.endDate,
  frequencyCaps: (campaign.frequencyCaps ?? []).map(({ count, per }) => ({ count: String(count), per })),
  targeting: targetingInputOf(campaign.targeting),
  audiences: { include: [...campaign.audiences.include], exclude: [...campaign.audiences.exclude] },
});

/** The bids a pricing model accepts and what its price field is called, as the server declares them. */
export const bidBoundsOf = (options: FormBoundsFragment, pricingModel: PricingModel) => options.bidBounds.find((bounds) => bounds.pricingModel === pricingModel)!;

/** The server's rules as far as the form can check them before sending; the server checks them all again. */
export const validateCampaignWith = (options: FormBoundsFragment) => (values: CampaignValues): FieldErrors<CampaignValues> => ({
  ...Object.fromEntries(declaredOnlyFields(options).map((field) => [field.name, declaredError(field, String(values[field.name] ?? ""))])),
  name: values.name.trim() ? undefined : requiredMessage("Campaign name"),
  budget: dollarsError("Budget", values.budget, { min: options.minCampaignBudget, max: options.maxAmount }),
  bid: dollarsError(bidBoundsOf(options, values.pricingModel).priceLabel, values.bid, bidBoundsOf(options, values.pricingModel)),
  dailyCap: !values.dailyCap.trim()
    ? undefined
    : (dollarsError("Daily budget cap", values.dailyCap, { max: options.maxAmount }) ??
      (Number(values.dailyCap) > Number(values.budget) ? "The daily budget cap can't be more than the total budget" : undefined)),
  startDate: values.startDate ? undefined : requiredMessage("Start date"),
  endDate: !values.endDate
    ? requiredMessage("End date")
    : values.startDate && values.endDate < values.startDate
      ? "The end date can't be before the start date"
      : undefined,
  frequencyCaps: frequencyCapsError(values.frequencyCaps, options),
});

/** Every field as the API takes it. */
export const campaignInputOf = (values: CampaignValues, options: FormBoundsFragment) => ({
  ...Object.fromEntries(declaredOnlyFields(options).map((field) => [field.name, inputValueOf(field, String(values[field.name] ?? ""))])),
  name: values.name.trim(),
  category: values.category,
  budget: Number.parseFloat(values.budget),
  dailyCap: values.dailyCap.trim() ? Number.parseFloat(values.dailyCap) : null,
  pricingModel: values.pricingModel,
  bid: Number.parseFloat(values.bid),
  pacing: values.pacing,
  rotation: values.rotation,
  targetCountries: values.targetCountries,
  startDate: values.startDate,
  endDate: values.endDate,
  frequencyCaps: toFrequencyCapInputs(values.frequencyCaps),
  targeting: cleanTargeting(values.targeting),
  audiences: values.audiences,
});

/** Only the fields the person changed, so an edit leaves the rest exactly as it is. */
export function changedInput(before: CampaignValues, after: CampaignValues, options: FormBoundsFragment): UpdateCampaignInput {
  const was: Record<string, unknown> = campaignInputOf(before, options);
  const now: Record<string, unknown> = campaignInputOf(after, options);
  return Object.fromEntries(
    Object.keys(now).filter((key) => JSON.stringify(now[key]) !== JSON.stringify(was[key])).map((key) => [key, now[key]]),
  );
}

/** The settings besides targeting that change what a campaign delivers; the form's values and the input share their names. */
const FORECAST_FIELDS = ["category", "budget", "dailyCap", "pricingModel", "bid", "pacing", "startDate", "endDate", "frequencyCaps"] as const;

/**
 * What the forecast is asked for while the advertiser edits: the targeting, and each delivery
 * setting the form's own checks find acceptable so far; one still being typed is left out, and the
 * server forecasts without it rather than refusing the whole estimate. An edited campaign is named,
 * so the server counts what it has spent and leaves it out of its own competition.
 */
export function forecastInputOf(values: CampaignValues, options: FormBoundsFragment, campaignId?: number): TargetingForecastInput {
  const errors = validateCampaignWith(options)(values);
  const input: Record<string, unknown> = campaignInputOf(values, options);
  const campaign = Object.fromEntries(
    FORECAST_FIELDS.filter((field) => !errors[field] && input[field] !== "" && !Number.isNaN(input[field])).map((field) => [field, input[field]]),
  );
  return { targetCountries: values.targetCountries, targeting: cleanTargeting(values.targeting), campaign, ...(campaignId === undefined ? {} : { campaignId }) };
}
