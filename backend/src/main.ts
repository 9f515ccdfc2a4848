import { createApp } from "./app";
import { loadConfig } from "./config";
import { seedDemoData } from "./db/seed";

/** How long a stop may take before the process exits anyway. */
const SHUTDOWN_MS = 4500;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  if (config.seedDemo) {
    const logins = await seedDemoData(app.services, app.dataSource, config.publicUrl ?? `http://localhost:${config.port}`);
    if (logins) {
      console.log("Demo data seeded. Sign in with:");
      for (const login of logins) console.log(`  ${login.role.padEnd(10)} ${login.email}  ${login.password}`);
    }
  }
  app.startScheduler();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      // Every acknowledged event is in the event log before the ad server's stop ends (at most a
      // few seconds); a database that hangs must not hold the rest of the shutdown past this.
      setTimeout(() => {
        console.error(`shutdown took longer than ${SHUTDOWN_MS / 1000} s; exiting (the event log keeps the counted events)`);
        process.exit(1);
      }, SHUTDOWN_MS).unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.server.listen({ port: config.port, host: config.host });
  console.log(`AdNet is running on http://localhost:${config.port} (GraphQL at /graphql, REST at /api)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
