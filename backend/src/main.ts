import { createApp } from "./app";
import { loadConfig } from "./config";
import { seedDemoData } from "./db/seed";

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
