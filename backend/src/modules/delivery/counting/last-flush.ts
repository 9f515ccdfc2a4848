import type { DeliveryLog } from "../background-tasks";
import type { EventRecorder } from "./event-recorder";

/** How long a stop waits for the database to take what the log holds; the next start applies the rest. */
const STOP_FLUSH_MS = 2000;
/** How long a stop waits before it tries a failed write again. */
const STOP_FLUSH_RETRY_MS = 50;
/** How long a stop waits for a writer thread stuck on a database that hangs. */
const WRITER_CLOSE_MS = 500;

/**
 * Writes what it can of the counted events and closes the recorder. Every acknowledged event is in
 * the log already: if the database is away, the stop gives up after STOP_FLUSH_MS and the next
 * start applies the rest.
 */
export async function writeLastEvents(recorder: EventRecorder, log: DeliveryLog): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), STOP_FLUSH_MS)));
  const written = flushBefore(recorder, Date.now() + STOP_FLUSH_MS).then(
    () => "written" as const,
    (error: unknown) => {
      log.warn({ err: error }, "the database did not take the last delivery events; the event log keeps them for the next start");
      return "failed" as const;
    },
  );
  const outcome = await Promise.race([written, deadline]);
  clearTimeout(timer);
  if (outcome === "late") log.warn("the database is slow; the event log keeps the last delivery events for the next start");
  if (outcome === "written") await recorder.resignApplier().catch(() => undefined);
  await recorder.close(WRITER_CLOSE_MS);
}

/**
 * Writes what has been counted, trying again while time is left: a failure may pass at once (another
 * process's write holding the embedded database's lock as both stop), and what is counted only in
 * memory (refused traffic, requests) has no other chance to be written.
 */
async function flushBefore(recorder: EventRecorder, deadline: number): Promise<void> {
  for (;;) {
    try {
      return await recorder.flush();
    } catch (error) {
      if (Date.now() + STOP_FLUSH_RETRY_MS >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, STOP_FLUSH_RETRY_MS));
    }
  }
}
