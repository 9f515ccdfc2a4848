import type { UpdatedHistory } from "../../frequency-caps/visitor-histories";
import type { InvalidPlace, TrafficEvent } from "./counted-events";
import type { InvalidReason } from "../quality/invalid-reasons";
import type { EventRecorder } from "./event-recorder";

/** Whether an event was counted, and if not, why. */
export interface Counted {
  counted: boolean;
  reason?: InvalidReason;
}

/** A counted impression of a capped campaign moves the visitor's history. */
export type CountedImpression = Counted & { history?: UpdatedHistory | null };

/** Records an event as invalid traffic, never to be billed, and answers that it was not counted. */
export type Refuse = (event: TrafficEvent, reason: InvalidReason, at: InvalidPlace) => Counted;

export function refusalsTo(recorder: EventRecorder): Refuse {
  return (event, reason, at) => {
    recorder.invalid(event, reason, at);
    return { counted: false, reason };
  };
}
