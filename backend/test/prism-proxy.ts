import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../src/bench/bench-app";
import { until } from "./until";

export interface PrismProxy {
  /** Where to send what would go to `${upstream}`. */
  url: string;
  /** Prism's own log, for a failure's message. */
  output(): string;
  close(): Promise<void>;
}

/**
 * Stoplight Prism (the pinned devDependency, nothing downloaded) as a validating proxy in front of
 * `upstream`: with --errors, a request the document refuses is answered by Prism itself, and an
 * answer the document does not describe becomes a 500 naming the violations.
 */
export async function startPrismProxy(document: object, upstream: string): Promise<PrismProxy> {
  const dir = mkdtempSync(join(tmpdir(), "adnet-prism-"));
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(document));
  const port = await freePort();
  const cli = require.resolve("@stoplight/prism-cli/dist/index.js");
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [cli, "proxy", file, upstream, "--errors", "--host", "127.0.0.1", "--port", String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await until(() => {
    if (child.exitCode !== null) throw new Error(`Prism exited: ${output.slice(-2000)}`);
    return /listening on/i.test(output);
  }, "Prism listens", 60_000);
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async close() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
