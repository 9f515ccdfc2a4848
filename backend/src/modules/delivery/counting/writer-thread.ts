import { Worker } from "node:worker_threads";
import type { Config } from "../../../config";
import type { BatchRows, BatchWriter } from "./counted-events";

export type WriterDatabase = Pick<Config, "databaseUrl" | "dataDir" | "retention"> & Partial<Pick<Config, "reportTimeZone" | "timeouts">>;

/** What the writer thread answers to each request: nothing when the batch is written. */
export interface WriterReply {
  id: number;
  error?: string;
}

/** A batch crosses as plain data, its counts as the numbers of their table, in memory both threads share. */
export type WriterRequest = { id: number; rows: Omit<BatchRows, "stats">; stats: Float64Array<SharedArrayBuffer> } | { id: number; close: true };

/** The script a writer thread runs, and the Node options it needs to load it. */
export interface WriterThreadEntry {
  file: string;
  execArgv: string[];
}

/**
 * Writes batches on a thread of its own with its own database connection, so a large flush
 * never stalls the decisions and beacons on the main thread. A thread that dies is replaced
 * at the next write; the batch it was holding fails and is retried by the recorder.
 */
export class ThreadWriter implements BatchWriter {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor(
    private readonly database: WriterDatabase,
    private readonly entry: WriterThreadEntry,
  ) {}

  write({ stats, ...rows }: BatchRows): Promise<void> {
    return this.request((id) => ({ id, rows, stats: stats.shared() }));
  }

  async close(): Promise<void> {
    if (!this.worker) return;
    const worker = this.worker;
    await this.request((id) => ({ id, close: true })).catch(() => undefined);
    await worker.terminate();
  }

  private request(message: (id: number) => WriterRequest): Promise<void> {
    const id = this.nextId++;
    const worker = this.worker ?? this.spawn();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(message(id));
    });
  }

  private spawn(): Worker {
    const { file, execArgv } = this.entry;
    const worker = new Worker(file, { workerData: this.database, execArgv });
    worker.on("message", ({ id, error }: WriterReply) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) waiting?.resolve();
      else waiting?.reject(new Error(error));
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`the delivery writer thread exited with ${code}`)));
    this.worker = worker;
    return worker;
  }
}
