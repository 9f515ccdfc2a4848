import { randomBytes } from "node:crypto";
import type Redis from "ioredis";

/**
 * The catalogue loads in two parts: the zones (with their sites and publishers) and the campaigns
 * (with their creatives, media and advertisers). An advertiser's edit reloads the campaigns only,
 * not a network's hundred thousand zones.
 */
export type CataloguePart = "zones" | "campaigns";
export const CATALOGUE_PARTS: readonly CataloguePart[] = ["zones", "campaigns"];

/**
 * Word between app processes that a part of the catalogue (sites, zones, campaigns, creatives,
 * publishers' shares) changed, so that each reloads it at once rather than at its next check.
 */
export interface CatalogueNews {
  announce(parts: readonly CataloguePart[]): void;
  listen(onChange: (parts: readonly CataloguePart[]) => void): void;
  close(): Promise<void>;
}

/** The parts a message names: every part when it names none it knows (a message of a process from before the parts). */
function partsNamed(list: string | undefined): readonly CataloguePart[] {
  const parts = CATALOGUE_PARTS.filter((part) => list?.split(",").includes(part));
  return parts.length > 0 ? parts : CATALOGUE_PARTS;
}

/** Redis pub/sub on one channel, each message the sender's id and the parts changed; a process does not react to its own announcements. */
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

  announce(parts: readonly CataloguePart[]): void {
    // A lost announcement only delays the reload until the periodic check.
    this.redis.publish(this.channel, `${this.sender} ${parts.join(",")}`).catch(() => undefined);
  }

  /** Subscribes on each (re)connection, and never holds up start-up: without Redis, the periodic check remains. */
  listen(onChange: (parts: readonly CataloguePart[]) => void): void {
    const subscriber = this.redis.duplicate();
    subscriber.on("error", () => undefined);
    subscriber.on("ready", () => void subscriber.subscribe(this.channel).catch(() => undefined));
    subscriber.on("message", (_channel: string, message: string) => {
      const [sender, parts] = message.split(" ");
      if (sender !== this.sender) onChange(partsNamed(parts));
    });
    this.subscriber = subscriber;
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.subscriber = null;
  }
}
