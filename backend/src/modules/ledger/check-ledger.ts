import "reflect-metadata";
import { loadConfig } from "../../config";
import { createDataSource } from "../../db/data-source";
import { LedgerService } from "./ledger.service";

/**
 * `npm run check:ledger`: proves every running balance equals the sum of its ledger entries, on the
 * database the app is configured for. Prints each account that differs and exits 1 if any does.
 */
async function main(): Promise<void> {
  const dataSource = await createDataSource(loadConfig());
  await dataSource.initialize();
  try {
    const mismatches = await new LedgerService(dataSource).checkTotals();
    const [{ accounts }] = await dataSource.query("SELECT COUNT(*) AS accounts FROM ledger_totals WHERE grain = 'a'");
    if (mismatches.length === 0) {
      console.log(`Ledger check: ${accounts} running totals, each equal to the sum of its entries.`);
      return;
    }
    for (const m of mismatches) {
      console.log(`${m.account} ${m.accountId} ${m.kind}: entries sum to ${m.entriesMicros} micros, running total says ${m.totalMicros}`);
    }
    console.log(`Ledger check: ${mismatches.length} of ${accounts} running totals differ from their entries.`);
    process.exitCode = 1;
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
