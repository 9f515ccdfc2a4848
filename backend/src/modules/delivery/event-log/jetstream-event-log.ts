import { randomUUID } from "node:crypto";
import { Consumer, DeliverPolicy, jetstream, JetStreamClient, jetstreamManager, JetStreamManager, RetentionPolicy, StorageType } from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/nats-core";
import { connect } from "@nats-io/transport-node";
import type { AnyLoggedEvent, EventLog, LoggedEvent, LogRecord } from "./event-log";
import { loggedAtMs } from "./event-log";

export interface JetStreamEventLogOptions {
  natsUrl: string;
  /** One stream per deployment: every app process of it appends there, and each may apply it. */
  stream: string;
  /** How long an applied event is kept: the offers it claimed must stay known while they can be replayed. */
  retainMs: number;
}

/** How long a read waits for messages the stream says it holds. */
const FETCH_EXPIRES_MS = 2000;
const RECONNECT_WAIT_MS = 250;
/** A stored message is acknowledged in milliseconds; past this its publish is tried again. */
const PUBLISH_TIMEOUT_MS = 1000;
const PUBLISH_TRIES = 5;

/**
 * The event log in a NATS JetStream stream, for several app processes: an append resolves with
 * the stream's acknowledgement (the message is stored, on as many replicas as the stream has).
 * Positions are the stream's sequence numbers. Each process reads the whole stream in order from
 * the position the database holds; the database's position of the log, moved in the transaction
 * that applies a batch, is what lets only one of them apply each event. Applied events older than
 * `retainMs` are purged.
 */
export class JetStreamEventLog implements EventLog {
  readonly id: string;
  private reader: { consumer: Consumer; at: number } | null = null;
  /** The last event time seen at some positions: how far the stream may be purged. */
  private checkpoints: { position: number; at: number }[] = [];
  private purgedTo = 0;

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
      await manager.streams.info(options.stream).catch(() =>
        manager.streams.add({ name: options.stream, subjects: [JetStreamEventLog.subject(options.stream)], storage: StorageType.File, retention: RetentionPolicy.Limits }),
      );
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

  async append(events: LoggedEvent[]): Promise<number[]> {
    const subject = JetStreamEventLog.subject(this.options.stream);
    // A publish whose acknowledgement was lost (the server restarted, say) is sent again under the
    // same message id, which the stream stores once (within its duplicate window, 2 min by default).
    const acks = await Promise.all(events.map((event) => this.client.publish(subject, JSON.stringify(event), { msgID: randomUUID(), timeout: PUBLISH_TIMEOUT_MS, retries: PUBLISH_TRIES })));
    return acks.map((ack) => ack.seq);
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
    const wanted = Math.min(max, state.last_seq - Math.max(after, state.first_seq - 1));
    const messages = await reader.consumer.fetch({ max_messages: wanted, expires: FETCH_EXPIRES_MS });
    for await (const message of messages) {
      records.push({ position: message.seq, event: message.json<AnyLoggedEvent>() });
      reader.at = message.seq;
      if (records.length >= wanted) break;
    }
    const last = records[records.length - 1];
    if (last) this.checkpoints.push({ position: last.position, at: loggedAtMs(last.event) });
    return records;
  }

  async start(): Promise<number> {
    const { state } = await this.manager.streams.info(this.options.stream);
    return Math.max(0, state.first_seq - 1);
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
    await this.connection.drain().catch(() => this.connection.close());
  }
}
