import { randomUUID } from "node:crypto";
import { Consumer, ConsumerMessages, DeliverPolicy, jetstream, JetStreamClient, jetstreamManager, JetStreamManager, RetentionPolicy, StorageType } from "@nats-io/jetstream";
import { headers, type NatsConnection } from "@nats-io/nats-core";
import { connect } from "@nats-io/transport-node";
import type { AnyLoggedEvent, EventLog, LoggedEvent, LogRecord } from "./event-log";
import { claimOf, loggedAtMs } from "./event-log";

export interface JetStreamEventLogOptions {
  natsUrl: string;
  /** One stream per deployment: every app process of it appends there, and each may apply it. */
  stream: string;
  /**
   * How long an applied event is kept: the offers it claimed must stay known while they can be
   * replayed. The stream refuses a second append of a claim for as long (its duplicate window).
   */
  retainMs: number;
}

/** How long a read waits for messages the stream says it holds. */
const FETCH_EXPIRES_MS = 2000;
const NANOS_PER_MS = 1_000_000;
const RECONNECT_WAIT_MS = 250;
/** A stored message is acknowledged in milliseconds; past this its publish is tried again. */
const PUBLISH_TIMEOUT_MS = 1000;
const PUBLISH_TRIES = 5;
/** Names the process that published a stored event, so it knows its own event from another's. */
const WRITER_HEADER = "AdNet-Writer";

/**
 * The event log in a NATS JetStream stream, for several app processes: an append resolves with
 * the stream's acknowledgement (the message is stored, on as many replicas as the stream has).
 * Positions are the stream's sequence numbers. The process holding the log's applier lease reads
 * the stream in order from the position the database holds (see EventRecorder); the database's
 * position of the log, moved in the transaction that applies a batch, is what lets only one batch
 * apply each event. Applied events older than
 * `retainMs` are purged. Each event is published with its claim as the message id, so the stream
 * itself keeps a claim once across every process: a second append of it is answered as a duplicate.
 */
export class JetStreamEventLog implements EventLog {
  readonly id: string;
  private reader: { consumer: Consumer; at: number } | null = null;
  /** The last event time seen at some positions: how far the stream may be purged. */
  private checkpoints: { position: number; at: number }[] = [];
  private purgedTo = 0;
  private following: ConsumerMessages | null = null;
  /** The newest position `follow` has passed, and who waits for it to pass one. */
  private followedTo = 0;
  private followWaiters: { position: number; resolve: () => void }[] = [];
  /** The stream's last position being asked for: concurrent catch-ups share one request. */
  private askingLast: Promise<number> | null = null;
  private readonly writer = randomUUID();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly client: JetStreamClient,
    private readonly manager: JetStreamManager,
    private readonly options: JetStreamEventLogOptions,
  ) {
    this.id = `jetstream:${options.stream}`;
  }

  static subject(stream: string): string {
    return `${stream}.events`;
  }

  static async open(options: JetStreamEventLogOptions): Promise<JetStreamEventLog> {
    // Tried again every 250 ms (not NATS's default 2 s): while the server is away, beacons are refused.
    const connection = await connect({ servers: options.natsUrl, name: "adnet", maxReconnectAttempts: -1, reconnectTimeWait: RECONNECT_WAIT_MS });
    try {
      const manager = await jetstreamManager(connection);
      const duplicateWindow = options.retainMs * NANOS_PER_MS;
      const held = await manager.streams.info(options.stream).catch(() => null);
      if (!held) {
        await manager.streams.add({
          name: options.stream,
          subjects: [JetStreamEventLog.subject(options.stream)],
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          duplicate_window: duplicateWindow,
        });
      } else if (held.config.duplicate_window !== duplicateWindow) {
        // A stream made by an older version, or for another offer lifetime: updated in place, its events kept.
        await manager.streams.update(options.stream, { duplicate_window: duplicateWindow });
      }
      return new JetStreamEventLog(connection, jetstream(connection), manager, options);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }

  /** Removes a deployment's stream (for tests and benches that made their own). */
  static async deleteStream(natsUrl: string, stream: string): Promise<void> {
    const connection = await connect({ servers: natsUrl });
    try {
      await (await jetstreamManager(connection)).streams.delete(stream).catch(() => undefined);
    } finally {
      await connection.close();
    }
  }

  /** Whether a deployment's stream has ever held an event: a restore goes only into one that has not. */
  static async used(natsUrl: string, stream: string): Promise<boolean> {
    const connection = await connect({ servers: natsUrl });
    try {
      const info = await (await jetstreamManager(connection)).streams.info(stream).catch(() => null);
      return info !== null && info.state.last_seq > 0;
    } finally {
      await connection.close();
    }
  }

  /** Makes a stream that never held an event begin at `first`: a restored log keeps the positions its database applied up to. */
  async beginAt(first: number): Promise<void> {
    const { state } = await this.manager.streams.info(this.options.stream);
    if (state.last_seq > 0) throw new Error(`the stream ${this.options.stream} has held events already`);
    if (first > 1) await this.manager.streams.purge(this.options.stream, { seq: first });
  }

  async append(events: LoggedEvent[]): Promise<(number | null)[]> {
    const subject = JetStreamEventLog.subject(this.options.stream);
    return Promise.all(events.map((event) => this.publishOnce(subject, event)));
  }

  /**
   * The event's position, or null when another process logged its claim first. A publish whose
   * acknowledgement was lost (the server restarting, say) is sent again under the same message id;
   * should the first try have been stored, the stream answers "duplicate" with the event this process
   * wrote, which is its own, not a replay. Two processes may log the very same event in the same
   * millisecond, so the writer is told by a header, not by the event's bytes.
   */
  private async publishOnce(subject: string, event: LoggedEvent): Promise<number | null> {
    const writer = headers();
    writer.set(WRITER_HEADER, this.writer);
    const ack = await this.client.publish(subject, JSON.stringify(event), { msgID: claimOf(event), headers: writer, timeout: PUBLISH_TIMEOUT_MS, retries: PUBLISH_TRIES });
    if (!ack.duplicate) return ack.seq;
    const stored = await this.manager.streams.getMessage(this.options.stream, { seq: ack.seq });
    return stored?.header.get(WRITER_HEADER) === this.writer ? ack.seq : null;
  }

  async follow(after: number, seen: (record: LogRecord) => void, catchUpMs: number): Promise<void> {
    const { state } = await this.manager.streams.info(this.options.stream);
    const consumer = await this.client.consumers.get(this.options.stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: after + 1 });
    const messages = await consumer.consume();
    this.following = messages;
    let caughtUp: () => void = () => undefined;
    const atEnd = new Promise<void>((resolve) => (caughtUp = resolve));
    if (state.last_seq <= after) caughtUp();
    void (async () => {
      for await (const message of messages) {
        seen({ position: message.seq, event: message.json<AnyLoggedEvent>() });
        if (message.seq >= state.last_seq) caughtUp();
        this.passed(message.seq);
      }
    })().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([atEnd, new Promise<void>((resolve) => (timer = setTimeout(resolve, catchUpMs)))]);
    clearTimeout(timer);
  }

  async caughtUp(timeoutMs: number): Promise<boolean> {
    if (!this.following) return false;
    const position = await (this.askingLast ??= this.last().finally(() => (this.askingLast = null)));
    if (this.followedTo >= position) return true;
    let timer: NodeJS.Timeout | undefined;
    const passed = new Promise<void>((resolve) => this.followWaiters.push({ position, resolve }));
    await Promise.race([passed, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    return true;
  }

  private passed(position: number): void {
    this.followedTo = position;
    if (this.followWaiters.length === 0) return;
    const waiting = this.followWaiters;
    this.followWaiters = waiting.filter((waiter) => waiter.position > position);
    for (const waiter of waiting) if (waiter.position <= position) waiter.resolve();
  }

  async read(after: number, max: number): Promise<LogRecord[]> {
    const { state } = await this.manager.streams.info(this.options.stream);
    const records: LogRecord[] = [];
    if (state.last_seq <= after || state.messages === 0) return records;
    if (!this.reader || this.reader.at !== after) {
      const consumer = await this.client.consumers.get(this.options.stream, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: after + 1 });
      this.reader = { consumer, at: after };
    }
    const reader = this.reader;
    const first = Math.max(after, state.first_seq - 1) + 1;
    const wanted = Math.min(max, state.last_seq - first + 1);
    try {
      const messages = await reader.consumer.fetch({ max_messages: wanted, expires: FETCH_EXPIRES_MS });
      for await (const message of messages) {
        // The stream has no holes but what purges cut from its front. A consumer that lived through
        // a server restart was seen to skip the first message of each fetch: the records stop there,
        // and the next read starts a consumer of its own at the position after them.
        if (message.seq !== first + records.length) {
          this.reader = null;
          break;
        }
        records.push({ position: message.seq, event: message.json<AnyLoggedEvent>() });
        reader.at = message.seq;
        if (records.length >= wanted) break;
      }
    } catch (error) {
      // The server may have lost the consumer (a restart): the next read makes another.
      this.reader = null;
      throw error;
    }
    const last = records[records.length - 1];
    if (last) this.checkpoints.push({ position: last.position, at: loggedAtMs(last.event) });
    return records;
  }

  async start(): Promise<number> {
    const { state } = await this.manager.streams.info(this.options.stream);
    return Math.max(0, state.first_seq - 1);
  }

  /** The position of the newest event the stream holds (or held, once purged). */
  async last(): Promise<number> {
    return (await this.manager.streams.info(this.options.stream)).state.last_seq;
  }

  async markApplied(position: number): Promise<void> {
    const before = Date.now() - this.options.retainMs;
    let upTo = 0;
    for (const checkpoint of this.checkpoints) if (checkpoint.position <= position && checkpoint.at < before) upTo = Math.max(upTo, checkpoint.position);
    this.checkpoints = this.checkpoints.filter((checkpoint) => checkpoint.position > upTo);
    if (upTo > this.purgedTo) {
      await this.manager.streams.purge(this.options.stream, { seq: upTo + 1 });
      this.purgedTo = upTo;
    }
  }

  async close(): Promise<void> {
    this.following?.stop();
    await this.connection.drain().catch(() => this.connection.close());
  }
}
