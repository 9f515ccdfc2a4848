/** A word a screen uses for one figure, and what it means, said once for every screen that shows it. */
export interface MetricTerm {
  label: string;
  definition: string;
}

/**
 * The three meanings "revenue" had: what advertisers pay, what the network keeps, and what
 * publishers earn. Each has one word on every screen, and its definition on hover.
 */
export const METRIC_TERMS = {
  advertiserSpend: {
    label: "Advertiser spend",
    definition: "What advertisers paid for the ads shown: the network's gross, before publishers' shares.",
  },
  networkRevenue: {
    label: "Network revenue",
    definition: "What the network keeps: advertiser spend less publisher earnings.",
  },
  publisherEarnings: {
    label: "Publisher earnings",
    definition: "What publishers earned from the ads on their sites: their share of advertiser spend.",
  },
} as const satisfies Record<string, MetricTerm>;

/** A term as a stat card, a table column or a report figure takes it: its word, and its definition as the hint. */
export const termed = (term: MetricTerm) => ({ label: term.label, hint: term.definition });
