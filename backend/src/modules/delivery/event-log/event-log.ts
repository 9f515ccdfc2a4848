import type { EventKey } from "../model";

/**
 * A counted event as the log keeps it: everything the database writer needs to apply it, and
 * the offer it claimed, so a restarted process knows which offers were counted already.
 */
export type LoggedEvent =
  | {
      type: "impression";
      at: number;
      key: Omit<EventKey, "hour">;
      offerId: string;
      issuedAt: number;
      advertiserId: number;
      publisherId: number;
      spendMicros: number;
      earningMicros: number;
    }
  | { type: "click"; at: number; key: Omit<EventKey, "hour">; offerId: string; issuedAt: number; clickId: string }
  | { type: "conversion"; at: number; key: Omit<EventKey, "hour">; clickId: string };

/** One event and its position: positions start at 1 and grow by one per event, in log order. */
export interface LogRecord {
  position: number;
  event: LoggedEvent;
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
  /** Resolves, with each event's position, once the events would survive a crash of the process or the machine. */
  append(events: LoggedEvent[]): Promise<number[]>;
  /** Up to `max` durable records after `position`, oldest first; none when nothing newer is durable. */
  read(after: number, max: number): Promise<LogRecord[]>;
  /** The position just before the oldest record the log still holds. */
  start(): Promise<number>;
  /** Everything up to `position` is in the database: the log may drop it once offers issued meanwhile have expired. */
  markApplied(position: number): Promise<void>;
  /** Makes every append acknowledged so far durable, then releases files and connections. */
  close(): Promise<void>;
}
