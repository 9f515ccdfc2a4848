import { dollarsError } from "../../../components/form/money";
import { requiredMessage, type FieldErrors } from "../../../components/form/validation";
import { toIsoDay } from "../../../components/format";
import { cleanTargeting, targetingInputOf } from "./targeting-value";
import { skipAfterError, skipAfterInput, skipAfterText } from "./video-skip";
import { type CapPeriod, frequencyCapsError, type FrequencyCapRow, toFrequencyCapInputs } from "./frequency-caps-fields";
import type { AdvertiserCampaignFragment, CreativeRotation, TargetingInput, FormBoundsFragment, PacingMode, PricingModel, UpdateCampaignInput } from "../../../gql/graphql";

/** A campaign's default flight, from the spec: 30 days (2592000000 ms). */
const DEFAULT_FLIGHT_MS = 30 * 24 * 60 * 60 * 1000;

/** The campaign form's fields as typed: amounts stay text until sent, and an empty daily cap means none. */
export interface CampaignValues {
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
  /** Seconds of a video ad before it may be skipped; empty: never. */
  skipAfter: string;
}

export const newCampaignValues = (): CampaignValues => {
  const now = Date.now();
  return {
    name: "",
    category: "general",
    budget: "",
    dailyCap: "",
    pricingModel: "CPM",
    bid: "",
    pacing: "EVEN",
    rotation: "EVEN",
    targetCountries: [],
    startDate: toIsoDay(new Date(now)),
    endDate: toIsoDay(new Date(now + DEFAULT_FLIGHT_MS)),
    frequencyCaps: [],
    targeting: {},
    skipAfter: "",
  };
};

export const campaignValuesOf = (campaign: AdvertiserCampaignFragment): CampaignValues => ({
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
  frequencyCaps: (campaign.frequencyCaps ?? []).map(({ count, per }) => ({ count: String(count), per: per as CapPeriod })),
  targeting: targetingInputOf(campaign.targeting),
  skipAfter: skipAfterText(campaign.skipAfterSeconds),
});

/** What the bid is called: the spec's "CPM" for a CPM campaign, a bid per click or conversion otherwise. */
export const bidLabel = (pricingModel: PricingModel) => (pricingModel === "CPM" ? "CPM" : "Bid");

export const bidBoundsOf = (options: FormBoundsFragment, pricingModel: PricingModel) =>
  options.bidBounds.find((bounds) => bounds.pricingModel === pricingModel) ?? { min: options.minCpm, max: options.maxCpm, unit: "per thousand impressions" };

/** The server's rules as far as the form can check them before sending; the server checks them all again. */
export const validateCampaignWith = (options: FormBoundsFragment) => (values: CampaignValues): FieldErrors<CampaignValues> => ({
  name: values.name.trim() ? undefined : requiredMessage("Campaign name"),
  budget: dollarsError("Budget", values.budget, { min: options.minCampaignBudget, max: options.maxAmount }),
  bid: dollarsError(bidLabel(values.pricingModel), values.bid, bidBoundsOf(options, values.pricingModel)),
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
  frequencyCaps: frequencyCapsError(values.frequencyCaps),
  skipAfter: skipAfterError(values.skipAfter, options.maxSkipAfterSeconds),
});

/** Every field as the API takes it. */
export const campaignInputOf = (values: CampaignValues) => ({
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
  skipAfterSeconds: skipAfterInput(values.skipAfter),
});

/** Only the fields the person changed, so an edit leaves the rest exactly as it is. */
export function changedInput(before: CampaignValues, after: CampaignValues): UpdateCampaignInput {
  const was = campaignInputOf(before);
  const now = campaignInputOf(after);
  return Object.fromEntries(
    (Object.keys(now) as (keyof typeof now)[]).filter((key) => JSON.stringify(now[key]) !== JSON.stringify(was[key])).map((key) => [key, now[key]]),
  );
}
