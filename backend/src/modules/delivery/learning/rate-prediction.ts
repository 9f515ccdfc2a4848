import { PricingModel } from "../../campaigns/campaign.entity";

/**
 * How many impressions' worth of weight the network's rate carries in a campaign's prediction:
 * a campaign with 2,000 impressions of its own is predicted half from them and half from the
 * network's rate for its format and category. Display click rates are about 0.1% to 1%, so 2,000
 * impressions hold 2 to 20 clicks: fewer would let a handful of lucky clicks decide the auction,
 * many more would keep a campaign at the network's rate for days.
 */
export const PRIOR_IMPRESSIONS = 2_000;

/** Clicks, conversions, viewable impressions and completed video views per impression. */
export interface Rates {
  ctr: number;
  conversionRate: number;
  viewableRate: number;
  completionRate: number;
}

/**
 * What the network predicts before it has counted anything at all: typical display rates, about
 * half of impressions viewable, and half of video impressions played to the end (outstream players
 * start muted in the page; many are scrolled past). A format that never completes (display) learns
 * its completion rate of 0 from its own impressions.
 */
export const STARTING_RATES: Rates = { ctr: 0.001, conversionRate: 0.0001, viewableRate: 0.5, completionRate: 0.5 };

/**
 * The ad shapes whose click rates differ most: a video and a banner or native ad. Banner and
 * native zones show the same image and HTML creatives, so they share one rate.
 */
export type RateFormat = "display" | "video";

/** A campaign's counted events, with what its prior is chosen by. */
export interface CampaignTally {
  campaignId: number;
  category: string;
  format: RateFormat;
  impressions: number;
  clicks: number;
  conversions: number;
  viewable: number;
  completes: number;
}

/** What an auction needs of a campaign to price it. */
export interface PricedCampaign {
  id: number;
  pricingModel: PricingModel;
  bidMicros: number;
  category: string;
}

export interface Prediction extends Rates {
  /** Expected spend per thousand impressions, in micros: what campaigns of every model compete on. */
  ecpmMicros: number;
}

type Counts = Pick<CampaignTally, "impressions" | "clicks" | "conversions" | "viewable" | "completes">;

/**
 * The mean of the Beta posterior of a rate: a prior Beta(a, b) with a + b = `strength` pseudo
 * impressions centred on `priorRate` (a = priorRate × strength), updated by `events` in `impressions`.
 */
export function posteriorRate(events: number, impressions: number, priorRate: number, strength = PRIOR_IMPRESSIONS): number {
  return (events + priorRate * strength) / (impressions + strength);
}

function posteriorRates(counts: Counts, prior: Rates): Rates {
  return {
    ctr: posteriorRate(counts.clicks, counts.impressions, prior.ctr),
    conversionRate: posteriorRate(counts.conversions, counts.impressions, prior.conversionRate),
    viewableRate: posteriorRate(counts.viewable, counts.impressions, prior.viewableRate),
    completionRate: posteriorRate(counts.completes, counts.impressions, prior.completionRate),
  };
}

const categoryKey = (format: RateFormat, category: string) => `${format}|${category}`;

const noCounts = (): Counts => ({ impressions: 0, clicks: 0, conversions: 0, viewable: 0, completes: 0 });

function addCounts(into: Counts, from: Counts): void {
  into.impressions += from.impressions;
  into.clicks += from.clicks;
  into.conversions += from.conversions;
  into.viewable += from.viewable;
  into.completes += from.completes;
}

/**
 * eCPM = bid × the model's predicted rate per impression × 1,000 (a vCPM bid already prices a
 * thousand, so only its viewable share); a CPM bid is its own eCPM.
 */
export function ecpmOf(campaign: Pick<PricedCampaign, "pricingModel" | "bidMicros">, rates: Rates): number {
  switch (campaign.pricingModel) {
    case PricingModel.CPC:
      return Math.round(campaign.bidMicros * rates.ctr * 1000);
    case PricingModel.CPA:
      return Math.round(campaign.bidMicros * rates.conversionRate * 1000);
    case PricingModel.VCPM:
      return Math.round(campaign.bidMicros * rates.viewableRate);
    case PricingModel.CPCV:
      return Math.round(campaign.bidMicros * rates.completionRate * 1000);
    default:
      return campaign.bidMicros;
  }
}

/**
 * Predicted click, conversion, viewable and completion rates, shrunk level by level: the network's rate for a format
 * toward STARTING_RATES, a category's within a format toward its format's, and a campaign's toward
 * its category's, each with PRIOR_IMPRESSIONS of weight. A new campaign starts at its category's
 * rate, neither starved nor favoured, and moves to its own as its impressions come.
 */
export class RateModel {
  private readonly categories = new Map<string, Rates>();
  private readonly formats = new Map<RateFormat, Rates>();
  private readonly campaigns = new Map<number, { tally: CampaignTally; rates: Rates }>();

  constructor(tallies: CampaignTally[] = []) {
    const byFormat = new Map<RateFormat, Counts>();
    const byCategory = new Map<string, { format: RateFormat; counts: Counts }>();
    for (const tally of tallies) {
      if (!byFormat.has(tally.format)) byFormat.set(tally.format, noCounts());
      addCounts(byFormat.get(tally.format)!, tally);
      const key = categoryKey(tally.format, tally.category);
      if (!byCategory.has(key)) byCategory.set(key, { format: tally.format, counts: noCounts() });
      addCounts(byCategory.get(key)!.counts, tally);
    }
    for (const [format, counts] of byFormat) this.formats.set(format, posteriorRates(counts, STARTING_RATES));
    for (const [key, { format, counts }] of byCategory) this.categories.set(key, posteriorRates(counts, this.formatRates(format)));
    for (const tally of tallies) this.campaigns.set(tally.campaignId, { tally, rates: posteriorRates(tally, this.categoryRates(tally.format, tally.category)) });
  }

  formatRates(format: RateFormat): Rates {
    return this.formats.get(format) ?? STARTING_RATES;
  }

  categoryRates(format: RateFormat, category: string): Rates {
    return this.categories.get(categoryKey(format, category)) ?? this.formatRates(format);
  }

  /** A campaign's predicted rates and eCPM at its current bid; one the model has no counts of is priced at its category's display rates. */
  predict(campaign: PricedCampaign): Prediction {
    const known = this.campaigns.get(campaign.id);
    // A campaign whose category changed since the counts were read takes its new category's prior.
    const rates =
      known && known.tally.category === campaign.category
        ? known.rates
        : posteriorRates(known?.tally ?? noCounts(), this.categoryRates(known?.tally.format ?? "display", campaign.category));
    return { ...rates, ecpmMicros: ecpmOf(campaign, rates) };
  }
}
