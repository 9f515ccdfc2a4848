/**
 * Placement optimisation's rule, in one place: the learning loop excludes by it and the campaign's
 * Optimisation card explains each zone by it. A zone is excluded when it has had so many
 * impressions that its few results (conversions, or clicks for a click goal) would happen less than
 * once in twenty times at the campaign's own rate: a one-sided Poisson test at 95% confidence.
 */
export const PLACEMENT_CONFIDENCE = 0.95;

/** The campaign's own rate is trusted from this many results on; below it no zone is judged. */
export const MIN_CAMPAIGN_RESULTS = 10;

export interface PlacementFigures {
  impressions: number;
  /** The goal's units counted in the zone. */
  results: number;
  /** The campaign's rate of the unit over all its zones. */
  campaignRate: number;
  campaignResults: number;
}

export interface PlacementVerdict {
  exclude: boolean;
  /** Results the zone would have had at the campaign's rate. */
  expected: number;
  /** The chance of so few results at the campaign's rate. */
  pValue: number;
  /** The verdict in words, with its figures. */
  reason: string;
}

/** P(X ≤ k) for X ~ Poisson(mean), summed in log space so a large mean does not underflow a term. */
export function poissonAtMost(k: number, mean: number): number {
  if (mean <= 0) return 1;
  let logTerm = -mean;
  let total = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(mean) - Math.log(i);
    total += Math.exp(logTerm);
  }
  return Math.min(1, total);
}

const percent = (rate: number) => `${(rate * 100).toLocaleString("en-US", { maximumSignificantDigits: 2 })}%`;
const count = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });

/** Whether the zone's results are below the campaign's rate beyond chance, and why, in the words the card shows. */
export function placementVerdict({ impressions, results, campaignRate, campaignResults }: PlacementFigures, unit: string): PlacementVerdict {
  const expected = impressions * campaignRate;
  const pValue = poissonAtMost(results, expected);
  if (campaignResults < MIN_CAMPAIGN_RESULTS) {
    return { exclude: false, expected, pValue, reason: `Not judged yet: the campaign has ${count(campaignResults)} ${unit}s, and zones are judged from ${MIN_CAMPAIGN_RESULTS}` };
  }
  const figures = `${count(impressions)} impressions, ${count(results)} ${unit}s where the campaign's rate (${percent(campaignRate)}) expects ${count(expected)}`;
  const exclude = pValue < 1 - PLACEMENT_CONFIDENCE;
  const verdict = exclude
    ? `below the campaign's rate with ${PLACEMENT_CONFIDENCE * 100}% confidence`
    : "within chance of the campaign's rate";
  return { exclude, expected, pValue, reason: `${figures}: ${verdict} (p = ${pValue.toPrecision(2)})` };
}
