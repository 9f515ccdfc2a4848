import type { FastifyBaseLogger } from "fastify";

/** An event's class: subscribers name what they listen to by it, and get its fields typed. */
export type EventType<E extends object> = abstract new (...args: never[]) => E;
type Subscriber<E> = (event: E) => Promise<void> | void;

/**
 * Side effects of one module on another (Vendure's EventBus): the module where something happened
 * publishes the fact, and each module that must react subscribes in its own wiring, so no module
 * reaches into another to tell it. Built once in the composition root.
 */
export class EventBus {
  private readonly subscribers = new Map<EventType<object>, Subscriber<never>[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, "error">) {}

  subscribe<E extends object>(type: EventType<E>, subscriber: Subscriber<E>): void {
    this.subscribers.set(type, [...(this.subscribers.get(type) ?? []), subscriber]);
  }

  /** Resolves once every subscriber has run; one that fails is logged, so it fails neither the publisher nor the others. */
  async publish<E extends object>(event: E): Promise<void> {
    for (const subscriber of this.subscribers.get(event.constructor as EventType<E>) ?? []) {
      try {
        await (subscriber as Subscriber<E>)(event);
      } catch (error) {
        this.log.error({ err: error, event: event.constructor.name }, "an event subscriber failed");
      }
    }
  }
}
