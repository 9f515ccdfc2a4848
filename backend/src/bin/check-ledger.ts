import "reflect-metadata";
import { loadConfig } from "../config";
import { createDataSource } from "../db/data-source";
import { booksAgree } from "../modules/ledger/books";
import { LedgerService } from "../modules/ledger/ledger.service";

/**
 * `npm run check:ledger`: proves, on the database the app is configured for, that every running
 * balance equals the sum of its ledger entries, that the network's books balance (every
 * transaction's postings sum to zero), that each book's running balance equals its postings and
 * what the ledger implies, and that each day's spend in the ledger equals that day's counted
 * events. Prints each difference and exits 1 if there is any.
 */
async function main(): Promise<void> {
  const dataSource = await createDataSource(loadConfig());
  await dataSource.initialize();
  try {
    const ledger = new LedgerService(dataSource);
    const mismatches = await ledger.checkTotals();
    const [{ accounts }] = await dataSource.query("SELECT COUNT(*) AS accounts FROM ledger_totals WHERE grain = 'a'");
    if (mismatches.length === 0) {
      console.log(`Ledger check: ${accounts} running totals, each equal to the sum of its entries.`);
    } else {
      for (const m of mismatches) {
        console.log(`${m.account} ${m.accountId} ${m.kind}: entries sum to ${m.entriesMicros} micros, running total says ${m.totalMicros}`);
      }
      console.log(`Ledger check: ${mismatches.length} of ${accounts} running totals differ from their entries.`);
    }
    const books = await ledger.checkBooks();
    for (const t of books.unbalanced) console.log(`transaction ${t.txn}: postings sum to ${t.sumMicros} micros, not 0`);
    if (books.totalMicros !== 0) console.log(`all postings sum to ${books.totalMicros} micros, not 0`);
    for (const b of books.totals) console.log(`book ${b.book}: postings sum to ${b.postingsMicros} micros, running balance says ${b.totalMicros}`);
    for (const b of books.ledger) console.log(`book ${b.book}: postings sum to ${b.postingsMicros} micros, the ledger implies ${b.ledgerMicros}`);
    for (const d of books.days) console.log(`${d.day}: the ledger's spend is ${d.ledgerMicros} micros, the counted events' ${d.eventsMicros}`);
    if (booksAgree(books)) {
      console.log("Books check: every transaction balances, each book's running balance equals its postings and the ledger, each day's spend its counted events.");
    } else {
      console.log("Books check: the differences above.");
    }
    if (mismatches.length > 0 || !booksAgree(books)) process.exitCode = 1;
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
