import type { FastifyBaseLogger } from "fastify";

/** What the ad server's background work logs to. */
export type DeliveryLog = Pick<FastifyBaseLogger, "warn" | "error">;

/**
 * The ad server's one scheduler for its work in the background (the learning loops, the writer's
 * flushes, the shared state's upkeep): each task runs on its own interval, in this process only; a
 * failure is logged and the task runs again at its next tick. Its timers never hold the process open.
 */
export class BackgroundTasks {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly log: DeliveryLog) {}

  every(intervalMs: number, task: () => Promise<void>): void {
    const timer = setInterval(() => {
      task().catch((error) => this.log.warn({ err: error }, "delivery background task failed; retrying"));
    }, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
