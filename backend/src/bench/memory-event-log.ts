import type { EventLog, LoggedEvent, LogRecord } from "../modules/delivery/counting/event-log/event-log";

/**
 * The event log without durability: appends resolve at once and vanish with the process. Only the
 * serve bench uses it, as the bare recorder the durable log is measured against.
 */
export class MemoryEventLog implements EventLog {
  readonly id = `memory:${process.pid}:${Date.now()}`;
  private records: LogRecord[] = [];
  private next = 1;

  async append(events: LoggedEvent[]): Promise<number[]> {
    return events.map((event) => {
      const position = this.next++;
      this.records.push({ position, event });
      return position;
    });
  }

  async read(after: number, max: number): Promise<LogRecord[]> {
    const first = this.records.findIndex((record) => record.position > after);
    return first < 0 ? [] : this.records.slice(first, first + max);
  }

  async start(): Promise<number> {
    return (this.records[0]?.position ?? this.next) - 1;
  }

  async markApplied(position: number): Promise<void> {
    this.records = this.records.filter((record) => record.position > position);
  }

  async close(): Promise<void> {}
}
