import { stringify } from "csv-stringify";
import type { Readable } from "node:stream";
import { DataSource, EntityManager, In, Repository } from "typeorm";
import { isUniqueViolation } from "../../common/db-errors";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../common/errors";
import { KeyedMutex } from "../../common/keyed-mutex";
import { microsToDollars } from "../../common/money";
import { MAX_LENGTH } from "../../common/text-limits";
import { moveOnce } from "../../common/move-once";
import { rowLock } from "../../common/row-lock";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { userBalance } from "../ledger/books";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import type { LedgerService } from "../ledger/ledger.service";
import { DAY_MS, nextPeriodStartMs } from "../reports/grains";
import { User } from "../users/user.entity";
import { requireVerifiedEmail } from "../email-links/verified-email";
import { NO_NOTIFICATIONS, NotificationKind, type Notify } from "../notifications/notification-kinds";
import { maskedAccount, PayoutMethodType, payoutMethodDetails } from "./payout-method";
import { PayoutMethod } from "./payout-method.entity";
import { Payout, PAYOUT_MOVES, PayoutStatus } from "./payout.entity";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";

/** Spec section 9: a publisher can ask to be paid once $100 is payable. */
export const MINIMUM_PAYOUT_MICROS = 100_000_000;

/** Spec section 9: paid monthly, Net-30: a month's earnings become payable 30 days after the month ends. */
export const NET_DAYS = 30;

/** When the earnings of the month starting at `monthStartMs` become payable: 30 days after its last moment (month edges from grains.ts). */
export function payableFromMs(monthStartMs: number): number {
  return nextPeriodStartMs("m", monthStartMs) + NET_DAYS * DAY_MS;
}

export interface PublisherBalance {
  /** Every earning ever. */
  earnedMicros: number;
  /** Earned in months whose 30 days have not passed yet. */
  pendingMicros: number;
  /** Matured earnings less every payout requested: what a request may take now. */
  payableMicros: number;
  requestedMicros: number;
  paidMicros: number;
  /** When the oldest pending month becomes payable, and how much it brings. */
  nextPayableAt: Date | null;
  nextPayableMicros: number;
  hasMethod: boolean;
  /** An open request: no second one until it is paid. */
  hasOpenRequest: boolean;
}

export interface PayoutMethodSummary {
  type: PayoutMethodType;
  masked: string;
  accountHolder: string | null;
  /** When the publisher last changed it; null for the copy kept with a payout. */
  updatedAt: Date | null;
}

const money = (micros: number) => `$${microsToDollars(micros).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const whole = (micros: number) => `$${microsToDollars(micros).toLocaleString("en-US")}`;

export class PayoutsService {
  private readonly payouts: Repository<Payout>;
  private readonly methods: Repository<PayoutMethod>;
  private readonly perPublisher = new KeyedMutex();

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    /** REQUIRE_IDENTITY=1: only publishers whose identity an admin verified may request a payout. */
    private readonly requireIdentity: boolean,
    /** Tells the publisher their payout was paid. */
    private readonly notify: Notify = NO_NOTIFICATIONS,
    private readonly now: () => number = Date.now,
  ) {
    this.payouts = dataSource.getRepository(Payout);
    this.methods = dataSource.getRepository(PayoutMethod);
  }

  /** The balance on the spec's schedule, from the ledger's monthly running totals. */
  async balance(publisher: User, manager?: EntityManager): Promise<PublisherBalance> {
    const repository = manager ? manager.getRepository(Payout) : this.payouts;
    const [months, payoutMicros, payouts, method] = await Promise.all([
      this.ledger.monthlyTotals(publisher.id, LedgerKind.EARNING, manager),
      this.ledger.totalOf(publisher.id, LedgerKind.PAYOUT, manager),
      repository.findBy({ publisherId: publisher.id }),
      (manager ? manager.getRepository(PayoutMethod) : this.methods).existsBy({ publisherId: publisher.id }),
    ]);
    const nowMs = this.now();
    let earnedMicros = 0;
    let maturedMicros = 0;
    let next: { at: number; micros: number } | null = null;
    for (const { monthMs, micros } of months) {
      earnedMicros += micros;
      const at = payableFromMs(monthMs);
      if (at <= nowMs) maturedMicros += micros;
      else if (!next || at < next.at) next = { at, micros };
    }
    const sum = (status: PayoutStatus) => payouts.filter((p) => p.status === status).reduce((total, p) => total + p.amountMicros, 0);
    return {
      earnedMicros,
      pendingMicros: earnedMicros - maturedMicros,
      payableMicros: Math.max(0, userBalance("publisher_payable", { [LedgerKind.EARNING]: maturedMicros, [LedgerKind.PAYOUT]: payoutMicros })),
      requestedMicros: sum(PayoutStatus.REQUESTED),
      paidMicros: sum(PayoutStatus.PAID),
      nextPayableAt: next ? new Date(next.at) : null,
      nextPayableMicros: next?.micros ?? 0,
      hasMethod: method,
      hasOpenRequest: payouts.some((p) => p.status === PayoutStatus.REQUESTED),
    };
  }

  async method(publisher: User): Promise<PayoutMethodSummary | null> {
    const method = await this.methods.findOneBy({ publisherId: publisher.id });
    return method && summaryOf(method);
  }

  /** Validates and keeps the publisher's payout method, replacing the one on file; open requests keep theirs. */
  async setMethod(publisher: User, input: Record<string, unknown>): Promise<PayoutMethodSummary> {
    const type = check.oneOf("type", input.type, Object.values(PayoutMethodType));
    const details = payoutMethodDetails(type, input);
    const now = new Date(this.now());
    const existing = await this.methods.findOneBy({ publisherId: publisher.id });
    const method = this.methods.create({ publisherId: publisher.id, type, details, createdAt: existing?.createdAt ?? now, updatedAt: now });
    await this.methods.save(method);
    return summaryOf(method);
  }

  /**
   * Requests what is payable (all of it, or `amount` dollars of it) to the method on file. The
   * payout and its ledger entry are written in one transaction while the publisher's row is locked,
   * and a publisher has one open request at most (a unique key), so of two requests racing one
   * wins and the other is told CONFLICT.
   */
  async request(publisher: User, input: { amount?: unknown } = {}): Promise<Payout> {
    requireVerifiedEmail(publisher);
    if (this.requireIdentity && !publisher.identityVerifiedAt) {
      throw new ForbiddenError("Your identity must be verified by an administrator before you can request a payout");
    }
    const wanted = check.isBlank(input.amount) ? null : check.dollars("amount", input.amount);
    return this.perPublisher.run(String(publisher.id), () =>
      inTransaction(this.dataSource, async (manager) => {
        await this.lockPublisher(manager, publisher.id);
        const balance = await this.balance(publisher, manager);
        if (balance.hasOpenRequest) throw new ConflictError("A payout request is already waiting to be paid; you can request again once it is paid", "amount");
        const amountMicros = wanted ?? balance.payableMicros;
        if (amountMicros < MINIMUM_PAYOUT_MICROS) {
          const later = balance.pendingMicros > 0 && balance.nextPayableAt ? `; ${money(balance.nextPayableMicros)} more becomes payable on ${balance.nextPayableAt.toISOString().slice(0, 10)}` : "";
          throw new ValidationError(
            "amount",
            wanted === null
              ? `A payout needs at least ${whole(MINIMUM_PAYOUT_MICROS)} available; you have ${money(balance.payableMicros)}${later}`
              : `A payout must be at least ${whole(MINIMUM_PAYOUT_MICROS)}`,
          );
        }
        if (amountMicros > balance.payableMicros) throw new ValidationError("amount", `You can request at most ${money(balance.payableMicros)}, what is payable now`);
        const method = await manager.getRepository(PayoutMethod).findOneBy({ publisherId: publisher.id });
        if (!method) throw new ValidationError("method", "Add a payout method before requesting a payout");
        const repository = manager.getRepository(Payout);
        // The request and its ledger entry are dated by this service's clock, as a payment is.
        const requestedAt = new Date(this.now());
        let payout: Payout;
        try {
          payout = await repository.save(
            repository.create({
              publisherId: publisher.id,
              amountMicros,
              status: PayoutStatus.REQUESTED,
              methodType: method.type,
              methodDetails: method.details,
              openPublisherId: publisher.id,
              createdAt: requestedAt,
              updatedAt: requestedAt,
            }),
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw new ConflictError("A payout request is already waiting to be paid; you can request again once it is paid", "amount");
          throw error;
        }
        await this.ledger.append(
          [{ userId: publisher.id, kind: LedgerKind.PAYOUT, amountMicros: -amountMicros, payoutId: payout.id, memo: `Payout #${payout.id} requested`, createdAt: requestedAt }],
          manager,
        );
        return payout;
      }),
    );
  }

  listForPublisher(publisher: User): Promise<Payout[]> {
    return this.payouts.find({ where: { publisherId: publisher.id }, order: { id: "DESC" } });
  }

  /** The admins' list: by the publisher's name or e-mail, by status, newest first. */
  page(input?: ListInputFields): Promise<Page<Payout>> {
    const request = listRequest(input, Object.values(PayoutStatus));
    const query = this.payouts.createQueryBuilder("payout").innerJoin("payout.publisher", "publisher");
    return pageOf(query, request, { search: ["publisher.fullName"], folded: ["publisher.email"], status: "payout.status", id: "payout.id" });
  }

  /**
   * Marks a requested payout paid, with how (the method it was requested to unless the admin names
   * another) and the transfer's reference. Only once: the UPDATE itself checks, so of two admins
   * clicking at once one is told.
   */
  async markPaid(id: unknown, input: { method?: unknown; reference?: unknown } = {}): Promise<Payout> {
    const payoutId = check.positiveId("id", id);
    const reference = check.requiredText("reference", input.reference, MAX_LENGTH.reference);
    const existing = await this.payouts.findOneBy({ id: payoutId });
    if (!existing) throw new NotFoundError("Payout");
    const method = check.isBlank(input.method) && existing.methodType ? existing.methodType : check.oneOf("method", input.method, Object.values(PayoutMethodType));
    const paidAt = new Date(this.now());
    // The books move the cash out with the status, in one transaction, and the webhook event with them.
    return inTransaction(this.dataSource, async (manager) => {
      const payouts = manager.getRepository(Payout);
      await moveOnce(
        manager,
        Payout,
        { id: payoutId, status: In([...PAYOUT_MOVES.markPaid.from]) },
        { status: PAYOUT_MOVES.markPaid.to, paidAt, paidMethod: method, paidReference: reference, openPublisherId: null },
        "This payout is already paid",
      );
      await this.ledger.append(
        [{ userId: existing.publisherId, kind: LedgerKind.PAYOUT_PAID, amountMicros: -existing.amountMicros, payoutId, memo: `Payout #${payoutId} paid`, createdAt: paidAt }],
        manager,
      );
      const paid = await payouts.findOneByOrFail({ id: payoutId });
      await this.audit.record(
        {
          action: AuditAction.PAYOUT_PAID,
          target: { type: "payout", id: paid.id, userId: paid.publisherId },
          before: { status: PayoutStatus.REQUESTED },
          after: { status: paid.status, amount: paid.amountMicros / 1_000_000, method, reference },
        },
        manager,
      );
      await this.notify(manager, paid.publisherId, NotificationKind.PAYOUT_PAID, { amount: `$${microsToDollars(paid.amountMicros).toFixed(2)}` }, { about: { type: "payout", id: paid.id } });
      return paid;
    });
  }

  /** The requested payouts as one CSV for the bank, oldest first, with the full account each goes to. */
  async requestedBatchCsv(): Promise<{ filename: string; stream: Readable }> {
    const rows = await this.payouts.find({ where: { status: PayoutStatus.REQUESTED }, relations: { publisher: true }, order: { id: "ASC" } });
    const csv = stringify({
      header: true,
      columns: ["payout_id", "reference", "publisher", "email", "amount_usd", "method", "account_holder", "iban", "bic", "paypal_email", "account_number", "routing_number", "bank_name", "bank_address", "requested_at"],
    });
    for (const payout of rows) {
      const details = payout.methodDetails ?? {};
      csv.write([
        payout.id,
        `ADNET-PAYOUT-${payout.id}`,
        payout.publisher?.fullName ?? "",
        payout.publisher?.email ?? "",
        microsToDollars(payout.amountMicros).toFixed(2),
        payout.methodType ?? "",
        details.accountHolder ?? "",
        details.iban ?? "",
        details.bic ?? "",
        details.paypalEmail ?? "",
        details.accountNumber ?? "",
        details.routingNumber ?? "",
        details.bankName ?? "",
        details.bankAddress ?? "",
        payout.createdAt.toISOString(),
      ]);
    }
    csv.end();
    return { filename: `payout-batch-${new Date(this.now()).toISOString().slice(0, 10)}.csv`, stream: csv };
  }

  countByStatus(status: PayoutStatus): Promise<number> {
    return this.payouts.countBy({ status });
  }

  /** Holds the publisher's row until the transaction ends: several processes may share the database. */
  private async lockPublisher(manager: EntityManager, publisherId: number): Promise<void> {
    await manager.getRepository(User).findOne({ where: { id: publisherId }, ...rowLock(manager) });
  }
}

export function summaryOf(method: PayoutMethod): PayoutMethodSummary {
  return { type: method.type, masked: maskedAccount(method.type, method.details), accountHolder: method.details.accountHolder ?? null, updatedAt: method.updatedAt };
}
