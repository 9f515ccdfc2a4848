import { rmSync } from "node:fs";
import { assertChromiumInstalled } from "./support/chromium";
import { RESULTS_DIR } from "./support/screenshots";
import { startServer, type AppServer } from "./support/server";
import { publishServer } from "./support/shared-server";

declare global {
  var e2eServer: AppServer | undefined;
}

export default async function globalSetup() {
  assertChromiumInstalled();
  // Screenshots from an earlier run would be mistaken for this one's.
  rmSync(RESULTS_DIR, { recursive: true, force: true });
  const server = await startServer();
  globalThis.e2eServer = server;
  publishServer(server);
}
