import type { LoggedEvent } from "./event-log/event-log";

/** Seconds of appends remembered apart: how finely the age of the oldest unapplied event is known. */
const AGE_RESOLUTION_MS = 1000;

/**
 * What this process's ad server has done since it started, as running totals an operator's
 * metrics read (see modules/metrics): plain numbers, so counting costs the ad request nothing
 * it would notice.
 */
export class DeliveryTallies {
  filledRequests = 0;
  unfilledRequests = 0;
  /** Refused requests and events, by what was refused and why ("request|bot"). */
  readonly refusals = new Map<string, number>();
  /** Counted events appended to the log, by type. */
  readonly appended = new Map<LoggedEvent["type"], number>();
  impressions = 0;
  spendMicros = 0;
  earningMicros = 0;
  batchesWritten = 0;
  batchRowsWritten = 0;
  batchSecondsWritten = 0;
  batchFailures = 0;
  /** The log's last position this process appended, and the last it knows applied. */
  private lastAppended = 0;
  private lastApplied = 0;
  /** Each second's last appended position, oldest first, while some of it is unapplied. */
  private readonly unappliedSeconds: { atMs: number; position: number }[] = [];

  refused(event: string, reason: string): void {
    const key = `${event}|${reason}`;
    this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
  }

  loggedEvent(event: LoggedEvent, position: number, atMs = Date.now()): void {
    this.appended.set(event.type, (this.appended.get(event.type) ?? 0) + 1);
    if (event.type === "impression") this.impressions += 1;
    this.spendMicros += event.spendMicros ?? 0;
    this.earningMicros += event.earningMicros ?? 0;
    this.lastAppended = Math.max(this.lastAppended, position);
    const last = this.unappliedSeconds[this.unappliedSeconds.length - 1];
    const second = atMs - (atMs % AGE_RESOLUTION_MS);
    if (last?.atMs === second) last.position = Math.max(last.position, position);
    else this.unappliedSeconds.push({ atMs: second, position });
  }

  applied(position: number): void {
    this.lastApplied = Math.max(this.lastApplied, position);
    while (this.unappliedSeconds.length > 0 && this.unappliedSeconds[0].position <= position) this.unappliedSeconds.shift();
  }

  batchWritten(rows: number, seconds: number): void {
    this.batchesWritten += 1;
    this.batchRowsWritten += rows;
    this.batchSecondsWritten += seconds;
  }

  /** Events this process appended that the database has not applied yet, and how long the oldest has waited. */
  backlog(now = Date.now()): { events: number; oldestSeconds: number } {
    const oldest = this.unappliedSeconds[0];
    return { events: Math.max(0, this.lastAppended - this.lastApplied), oldestSeconds: oldest ? Math.max(0, (now - oldest.atMs) / 1000) : 0 };
  }
}
