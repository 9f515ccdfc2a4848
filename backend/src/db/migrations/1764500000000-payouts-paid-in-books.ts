import type { MigrationInterface, QueryRunner } from "typeorm";
import { dateTimeMs } from "../../common/db-upsert";
import { postToBooks } from "../../modules/ledger/books";
import { LedgerEntry, LedgerKind } from "../../modules/ledger/ledger-entry.entity";
import { addToLedgerTotals } from "../../modules/ledger/ledger-totals";

type PaidPayout = { id: number | string; publisher_id: number | string; amount_micros: number | string; paid_at: Date | string };

/**
 * Payouts reach cash out when they are paid, not when requested: what requests posted to cash out
 * waits in payouts_pending instead, and each payout already paid gets its paid entry, on the day it
 * was paid, posted as the app posts it.
 */
export class PayoutsPaidInBooks1764500000000 implements MigrationInterface {
  name = "PayoutsPaidInBooks1764500000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    // Until now only payout requests posted to cash out.
    await queryRunner.query("UPDATE journal_postings SET book = 'payouts_pending' WHERE book = 'cash_out'");
    await queryRunner.query("UPDATE book_totals SET book = 'payouts_pending' WHERE book = 'cash_out'");
    const paid: PaidPayout[] = await queryRunner.query("SELECT id, publisher_id, amount_micros, paid_at FROM payouts WHERE status = 'paid' AND paid_at IS NOT NULL ORDER BY id");
    if (paid.length === 0) return;
    const repository = queryRunner.manager.getRepository(LedgerEntry);
    const entries = paid.map((payout) =>
      repository.create({
        userId: Number(payout.publisher_id),
        kind: LedgerKind.PAYOUT_PAID,
        amountMicros: -Number(payout.amount_micros),
        payoutId: Number(payout.id),
        memo: `Payout #${payout.id} paid`,
        createdAt: new Date(dateTimeMs(payout.paid_at)),
      }),
    );
    await repository.insert(entries);
    await addToLedgerTotals(queryRunner.manager, entries);
    await postToBooks(queryRunner.manager, entries);
  }

  /** Takes the paid entries out, and puts every request's posting back in cash out. */
  async down(queryRunner: QueryRunner): Promise<void> {
    // Only paid entries post to cash out now; each one's transaction holds its two postings alone.
    const txns: { txn: string }[] = await queryRunner.query("SELECT DISTINCT txn FROM journal_postings WHERE book = 'cash_out'");
    for (let start = 0; start < txns.length; start += 500) {
      const slice = txns.slice(start, start + 500).map((row) => row.txn);
      await queryRunner.query(`DELETE FROM journal_postings WHERE txn IN (${slice.map(() => "?").join(", ")})`, slice);
    }
    await queryRunner.query("UPDATE journal_postings SET book = 'cash_out' WHERE book = 'payouts_pending'");
    // A paid entry moved payouts_pending down and cash out up in the same period: adding them back gives the requests.
    const paid: { grain: string; period: Date | string; total: number | string }[] = await queryRunner.query(
      "SELECT grain, period, total_micros AS total FROM book_totals WHERE book = 'cash_out'",
    );
    for (const row of paid) {
      await queryRunner.query("UPDATE book_totals SET total_micros = total_micros + ? WHERE book = 'payouts_pending' AND grain = ? AND period = ?", [
        Number(row.total),
        row.grain,
        row.period,
      ]);
    }
    await queryRunner.query("DELETE FROM book_totals WHERE book = 'cash_out'");
    await queryRunner.query("UPDATE book_totals SET book = 'cash_out' WHERE book = 'payouts_pending'");
    await queryRunner.query("DELETE FROM ledger_totals WHERE kind = 'payout_paid'");
    await queryRunner.query("DELETE FROM ledger_entries WHERE kind = 'payout_paid'");
  }
}
