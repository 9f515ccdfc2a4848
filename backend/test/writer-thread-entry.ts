import { join } from "node:path";
import type { WriterThreadEntry } from "../src/modules/delivery/counting/writer-thread";

/** Under jest the writer thread runs the TypeScript worker, compiled as the tests themselves are. */
export const TYPESCRIPT_WRITER_THREAD: WriterThreadEntry = {
  file: join(__dirname, "..", "src", "bin", "writer-thread.worker.ts"),
  execArgv: ["--require", join(__dirname, "register-ts.cjs")],
};
