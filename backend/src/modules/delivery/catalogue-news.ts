import { randomBytes } from "node:crypto";
import type Redis from "ioredis";

/**
 * Word between app processes that the catalogue (sites, zones, campaigns, creatives, publishers'
 * shares) changed, so that each reloads its inventory at once rather than at its next check.
 */
export interface CatalogueNews {
  announce(): void;
  listen(onChange: () => void): void;
  close(): Promise<void>;
}

/** Redis pub/sub on one channel; a process does not react to its own announcements. */
export class RedisCatalogueNews implements CatalogueNews {
  private readonly channel: string;
  private readonly sender = randomBytes(8).toString("hex");
  private subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.channel = `${prefix}catalogue`;
  }

  announce(): void {
    // A lost announcement only delays the reload until the periodic check.
    this.redis.publish(this.channel, this.sender).catch(() => undefined);
  }

  /** Subscribes on each (re)connection, and never holds up start-up: without Redis, the periodic check remains. */
  listen(onChange: () => void): void {
    const subscriber = this.redis.duplicate();
    subscriber.on("error", () => undefined);
    subscriber.on("ready", () => void subscriber.subscribe(this.channel).catch(() => undefined));
    subscriber.on("message", (_channel: string, sender: string) => {
      if (sender !== this.sender) onChange();
    });
    this.subscriber = subscriber;
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.subscriber = null;
  }
}
