/** The delivery writer thread: writes flushed batches on its own database connection. */
import "reflect-metadata";
import { parentPort, workerData } from "node:worker_threads";
import type { DataSource } from "typeorm";
import { createDataSource } from "../db/data-source";
import { writeBatch } from "../modules/delivery/counting/batch-writer";
import { StatTable } from "../modules/delivery/counting/stat-table";
import type { WriterDatabase, WriterReply, WriterRequest } from "../modules/delivery/counting/writer-thread";

let connecting: Promise<DataSource> | null = null;

/** Connects on first use, and again after a failed attempt: the database may come back. */
function connection(): Promise<DataSource> {
  connecting ??= createDataSource(workerData as WriterDatabase)
    .then((dataSource) => dataSource.initialize())
    .catch((error: unknown) => {
      connecting = null;
      throw error;
    });
  return connecting;
}

async function handle(request: WriterRequest): Promise<void> {
  if ("close" in request) {
    if (connecting) await (await connecting).destroy();
    return;
  }
  await writeBatch(await connection(), { ...request.rows, stats: StatTable.fromNumbers(request.stats) }, (workerData as WriterDatabase).retention);
}

parentPort!.on("message", (request: WriterRequest) => {
  handle(request).then(
    () => parentPort!.postMessage({ id: request.id } satisfies WriterReply),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies WriterReply),
  );
});
