import type { ConsentState } from "../../../consent/consent";
import type { CountedEvent } from "../counted-events";
import type { MeasuredEvent } from "../offer-events";

/**
 * A counted event as the log keeps it: everything the database writer needs to apply it, and
 * the offer it claimed, so a restarted process knows which offers were counted already. A click
 * or conversion logged before they could be charged (CPC, CPA) has no spend and earning: 0.
 */
export type LoggedEvent =
  | {
      type: "impression";
      counted: CountedEvent;
      offerId: string;
      issuedAt: number;
      spendMicros: number;
      earningMicros: number;
      /** The tag could measure whether the ad was viewable (it has IntersectionObserver); absent when not. */
      measured?: boolean;
      /** The consent state of the impression's request; absent in events logged before it was kept. */
      consent?: ConsentState;
      /** Won in a header-bidding auction: counted by its burl. */
      won?: boolean;
      /** The visitor's reach key (see reports/reach-sketch.ts); absent when the visitor carries no identifier. */
      visitor?: number;
    }
  | {
      type: "click";
      counted: CountedEvent;
      offerId: string;
      issuedAt: number;
      clickId: string;
      spendMicros?: number;
      earningMicros?: number;
      /** What the click's conversion will be charged (a CPA offer's bid), else 0. */
      conversionPriceMicros?: number;
    }
  | { type: "conversion"; counted: CountedEvent; clickId: string; spendMicros?: number; earningMicros?: number }
  /** A measured event of an offer whose impression counted (viewable, a video quartile), with its charge (vCPM, CPCV). */
  | { type: "offer_event"; event: MeasuredEvent; counted: CountedEvent; offerId: string; issuedAt: number; spendMicros: number; earningMicros: number };

/**
 * What an event claimed, the same in every process: an offer's impression, click or measured event,
 * or a click's conversion. A log shared by several processes keeps each claim once.
 */
export function claimOf(event: LoggedEvent): string {
  if (event.type === "conversion") return `conversion:${event.clickId}`;
  if (event.type === "offer_event") return `${event.event}:${event.offerId}`;
  return `${event.type}:${event.offerId}`;
}

/** Where an event of the old shape happened: its owners are not in it. */
interface OldEventKey {
  zoneId: number;
  campaignId: number;
  creativeId: number;
  country: string;
}

/**
 * How events were logged before they carried their owners: a log written by an older version
 * still holds them after an upgrade, and they are applied with owners looked up (see old-event-owners).
 */
export type OldLoggedEvent =
  | { type: "impression"; at: number; key: OldEventKey; offerId: string; issuedAt: number; advertiserId: number; publisherId: number; spendMicros: number; earningMicros: number }
  | { type: "click"; at: number; key: OldEventKey; offerId: string; issuedAt: number; clickId: string }
  | { type: "conversion"; at: number; key: OldEventKey; clickId: string };

export type AnyLoggedEvent = LoggedEvent | OldLoggedEvent;

export const isOldShape = (event: AnyLoggedEvent): event is OldLoggedEvent => !("counted" in event);

/** When a logged event of either shape happened. */
export const loggedAtMs = (event: AnyLoggedEvent) => (isOldShape(event) ? event.at : event.counted.atMs);

/** One event and its position: positions start at 1 and grow by one per event, in log order. */
export interface LogRecord {
  position: number;
  event: AnyLoggedEvent;
}

/**
 * The durable record of every counted event, written before the beacon that counted it is
 * answered. The database is applied from it in order; the position applied so far is kept by
 * the database itself, in the transaction that applies a batch (see writeBatch), so replaying
 * the log after any crash applies each event exactly once.
 */
export interface EventLog {
  /** Names this log in the database's applied positions: stable across restarts of the same log. */
  readonly id: string;
  /**
   * Resolves, with each event's position, once the events would survive a crash of the process or
   * the machine; with null for an event whose claim (claimOf) a shared log holds already: another
   * process counted it while its offer lived, and it is not logged again.
   */
  append(events: LoggedEvent[]): Promise<(number | null)[]>;
  /** Up to `max` durable records after `position`, oldest first; none when nothing newer is durable. */
  read(after: number, max: number): Promise<LogRecord[]>;
  /** The position just before the oldest record the log still holds. */
  start(): Promise<number>;
  /** Everything up to `position` is in the database: the log may drop it once offers issued meanwhile have expired. */
  markApplied(position: number): Promise<void>;
  /**
   * A log several processes share: calls `seen` with each record after `after`, whoever appended it,
   * until close. Resolves once caught up with the records held when it was called, or after
   * `catchUpMs` at most (the rest then arrives in the background).
   */
  follow?(after: number, seen: (record: LogRecord) => void, catchUpMs: number): Promise<void>;
  /**
   * While following: resolves once `seen` was called with every record the log held when asked, or
   * after `timeoutMs` at most; false at once when this log is not followed (there is nothing to catch up with).
   */
  caughtUp?(timeoutMs: number): Promise<boolean>;
  /** A shared log's newest position (or the last one purged, when it holds none). */
  last?(): Promise<number>;
  /** Makes every append acknowledged so far durable, then releases files and connections. */
  close(): Promise<void>;
}
