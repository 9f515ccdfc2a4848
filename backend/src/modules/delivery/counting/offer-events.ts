/**
 * What a served ad's page and player tell after its impression, on `GET|POST /t/e?d=<offer>&e=<event>`
 * (the offer's `eventUrl`). Measurement events count once per offer, only after its impression was
 * counted, and bill the models priced by them (vCPM at `viewable`, CPCV at `complete`); an
 * expandable banner's first opening (`expand`) is counted likewise, never billed; player
 * controls are accepted and not counted; `error` (with `&code=`, a VAST error code) is kept as refused
 * traffic, never billed.
 */
export const OFFER_EVENTS = {
  /** At least half the ad in view for a continuous second (30% for large ads), in a visible tab: the MRC's rule. */
  measured: ["viewable", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "expand"],
  /** A video player's controls: answered, not counted. */
  controls: ["pause", "resume", "mute", "unmute", "skip"],
  /** A video player's failure, with a VAST error code. */
  error: ["error"],
} as const;

export type MeasuredEvent = (typeof OFFER_EVENTS.measured)[number];
export type ControlEvent = (typeof OFFER_EVENTS.controls)[number];
export type OfferEvent = MeasuredEvent | ControlEvent | "error";

export const OFFER_EVENT_NAMES: readonly OfferEvent[] = [...OFFER_EVENTS.measured, ...OFFER_EVENTS.controls, ...OFFER_EVENTS.error];

export const isOfferEvent = (name: unknown): name is OfferEvent => typeof name === "string" && (OFFER_EVENT_NAMES as readonly string[]).includes(name);
export const isMeasuredEvent = (name: OfferEvent): name is MeasuredEvent => (OFFER_EVENTS.measured as readonly string[]).includes(name);

/** A VAST error code is three digits (VAST 4.2, section 2.4.2.3: 100 to 999). */
export const VAST_ERROR_CODE = /^[1-9]\d\d$/;
