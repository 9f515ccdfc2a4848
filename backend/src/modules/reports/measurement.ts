/**
 * What the read model counts beside requests, impressions and clicks: impressions the tag could
 * measure, the viewable ones (MRC), how far videos played, how many expandable banners were opened, and the header-bidding side of requests
 * (bid requests from Prebid.js or an exchange, AdNet's bids, and the impressions won and billed by
 * burl). One list names the counters, their columns and the offer event each one counts, so the
 * writer, the read model and the reports move and read them alike.
 */
export const MEASUREMENT_COUNTERS = [
  { field: "measured", column: "measured", event: null },
  { field: "viewable", column: "viewable", event: "viewable" },
  { field: "videoStarts", column: "video_starts", event: "start" },
  { field: "firstQuartiles", column: "first_quartiles", event: "firstQuartile" },
  { field: "midpoints", column: "midpoints", event: "midpoint" },
  { field: "thirdQuartiles", column: "third_quartiles", event: "thirdQuartile" },
  { field: "completes", column: "completes", event: "complete" },
  /** Impressions of expandable banners the visitor opened: the first opening of each. */
  { field: "expansions", column: "expansions", event: "expand" },
  { field: "bidRequests", column: "bid_requests", event: null },
  { field: "bids", column: "bids", event: null },
  { field: "wins", column: "wins", event: null },
  { field: "losses", column: "losses", event: null },
  /** The clearing prices lost bids' notices told, summed, in micros of a dollar per thousand. */
  { field: "lossPriceMicros", column: "loss_price_micros", event: null },
] as const;

export type MeasurementField = (typeof MEASUREMENT_COUNTERS)[number]["field"];
export type MeasurementCounts = Record<MeasurementField, number>;

export const MEASUREMENT_FIELDS = MEASUREMENT_COUNTERS.map((counter) => counter.field) as MeasurementField[];
export const MEASUREMENT_COLUMNS = MEASUREMENT_COUNTERS.map((counter) => counter.column) as string[];

export const NO_MEASUREMENT: MeasurementCounts = Object.fromEntries(MEASUREMENT_FIELDS.map((field) => [field, 0])) as MeasurementCounts;

/** The counter a measured offer event moves. */
export const counterOfEvent = (event: string): MeasurementField => MEASUREMENT_COUNTERS.find((counter) => counter.event === event)!.field;

/** A row's measurement counters in MEASUREMENT_COUNTERS' order. */
export const measurementValues = (row: MeasurementCounts): number[] => MEASUREMENT_FIELDS.map((field) => row[field]);
