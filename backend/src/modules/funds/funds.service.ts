import { randomInt } from "node:crypto";
import { advertiserByEmail } from "../users/advertiser-by-email";
import { DataSource, In, Repository } from "typeorm";
import { Role } from "../../auth/roles";
import type { FundsConfig } from "../../config";
import { dateTimeMs, sqlDateTime } from "../../common/db-upsert";
import { isUniqueViolation } from "../../common/db-errors";
import { NotFoundError, ValidationError } from "../../common/errors";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { dollarsText, microsToDollars } from "../../common/money";
import { MAX_LENGTH } from "../../common/text-limits";
import { moveOnce } from "../../common/move-once";
import { rowLock } from "../../common/row-lock";
import { afterCommit, inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import type { LedgerService } from "../ledger/ledger.service";
import { NotificationKind, type Notify, type SendNotice } from "../notifications/notification-kinds";
import { DAY_MS, HOUR_MS, monthLabel, periodStartMs, reportCalendar } from "../reports/grains";
import type { IdempotencyKeys } from "../idempotency/idempotency-keys";
import type { ScheduledJob } from "../scheduler/scheduler";
import { User } from "../users/user.entity";
import { CreditLimitChange, DepositRequest, DepositStatus } from "./deposit-request.entity";
import { DEPOSIT_MOVES, type DepositMove } from "./deposit-lifecycle";
import { AdvertiserAccount, advertiserAccounts } from "./funds-totals";

/** Characters of a payment reference: no 0/O, 1/I/L, so it reads back unambiguously over the phone or from a bank statement. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const REFERENCE = /^ADN-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
/** The balance warns when it lasts fewer days than this at the current rate. */
export const LOW_BALANCE_DAYS = 7;
const LOW_BALANCE_JOB = "low-balance-warnings";
const SPEND_WINDOW_DAYS = 30;
/**
 * Below this much spend in the window the rate says nothing: one impression on $50 would read as
 * centuries. A dollar a month is the least a running campaign spends at the minimum CPM.
 */
export const MEANINGFUL_SPEND_MICROS = 1_000_000;

/** Why a request in this status takes no move, as the end of a sentence about its transfer. */
const WHY_NOT_OPEN: Record<DepositStatus, string> = {
  [DepositStatus.PENDING]: "is still awaited",
  [DepositStatus.RECEIVED]: "was already recorded",
  [DepositStatus.CANCELLED]: "was cancelled by the advertiser",
};

export function newPaymentReference(): string {
  const part = () => Array.from({ length: 4 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("");
  return `ADN-${part()}-${part()}`;
}

/** How long the available funds last at the window's rate, or why that cannot be told. */
function runway(availableMicros: number, windowSpendMicros: number): { daysLeft: number | null; daysLeftNote: string | null } {
  if (windowSpendMicros === 0) return { daysLeft: null, daysLeftNote: `No spend in the last ${SPEND_WINDOW_DAYS} days, so there is no rate to count days from.` };
  if (windowSpendMicros < MEANINGFUL_SPEND_MICROS) {
    const least = `$${microsToDollars(MEANINGFUL_SPEND_MICROS).toFixed(2)}`;
    return { daysLeft: null, daysLeftNote: `Less than ${least} spent in the last ${SPEND_WINDOW_DAYS} days: too little to tell how long your funds last.` };
  }
  return { daysLeft: Math.max(0, Math.floor(availableMicros / (windowSpendMicros / SPEND_WINDOW_DAYS))), daysLeftNote: null };
}

/** A reference as typed from a bank statement: any case, spaces or dashes anywhere. */
function paymentReference(value: unknown): string {
  if (check.isBlank(value)) throw new ValidationError("reference", "Reference is required");
  const letters = String(value).toUpperCase().replace(/[^A-Z0-9]/g, "");
  const reference = `${letters.slice(0, 3)}-${letters.slice(3, 7)}-${letters.slice(7)}`;
  if (!REFERENCE.test(reference)) throw new ValidationError("reference", "Enter a payment reference such as ADN-7KQ4-M2XP");
  return reference;
}

/** What the funds module asks of the advertiser's campaigns: the campaigns module answers, wired in the composition root. */
export interface FundedCampaigns {
  /** The campaigns' own rule of what stops them, so the Billing tab and the campaign list agree. */
  waitingOnFunds(advertiser: User): Promise<number>;
  /** What each campaign that may still deliver has left of its budget. */
  budgetsLeft(advertiser: User): Promise<{ id: number; name: string; budgetLeftMicros: number }[]>;
}

/** One campaign measured against the funds: campaigns share one balance, so each can spend at most the whole of it. */
export interface CampaignFunds {
  campaignId: number;
  name: string;
  budgetLeftMicros: number;
  /** What it can spend from what is available now. */
  spendableNowMicros: number;
  /** What it could spend once the pending transfers are recorded. */
  spendableOnceRecordedMicros: number;
}

export interface FundsSummary extends AdvertiserAccount {
  /** What campaigns may still spend: the balance plus the credit limit. */
  availableMicros: number;
  spendLast30DaysMicros: number;
  /** Whole days the available funds last at the last 30 days' rate; null when that spend is too small to tell. */
  daysLeft: number | null;
  /** Why there is no `daysLeft`, in a sentence; null when there is. */
  daysLeftNote: string | null;
  lowBalance: boolean;
  /** Campaigns that would deliver now but for want of funds: none while anything is available. */
  waitingOnFunds: number;
  /** Transfers announced and not yet recorded: spendable once an admin records them. */
  pendingDepositsMicros: number;
  /** What the campaigns that may still deliver have left of their budgets, together. */
  campaignBudgetsLeftMicros: number;
  campaigns: CampaignFunds[];
  requests: DepositRequest[];
  /** The address invoices are made out to. */
  billingAddress: string | null;
}

export interface FinanceMonth {
  /** The month of the reporting calendar, as YYYY-MM. */
  month: string;
  depositsMicros: number;
  creditsMicros: number;
  spendMicros: number;
  publisherEarningsMicros: number;
  marginMicros: number;
  /** Payouts paid in the month: cash out. */
  payoutsMicros: number;
  /** At the end of the month (or now, for this month). */
  owedToPublishersMicros: number;
  heldForAdvertisersMicros: number;
  /** Payouts requested and not yet paid, at the end of the month. */
  awaitingPayoutMicros: number;
}

/**
 * Advertisers' money: deposits announced with a payment reference and recorded by an admin when
 * the transfer arrives, promotional credit, credit limits, and the balance campaigns spend from.
 * Every change reaches the ad server at once through `fundsChanged`.
 */
export class FundsService {
  private readonly requests: Repository<DepositRequest>;
  private readonly users: Repository<User>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    readonly config: FundsConfig,
    private readonly fundsChanged: (advertiserId: number) => Promise<void>,
    private readonly audit: AuditService,
    private readonly notify: Notify,
    private readonly funded: FundedCampaigns,
    private readonly idempotency: IdempotencyKeys,
  ) {
    this.requests = dataSource.getRepository(DepositRequest);
    this.users = dataSource.getRepository(User);
  }

  async summary(advertiser: User, now = Date.now()): Promise<FundsSummary> {
    const since = sqlDateTime(periodStartMs("d", now) - (SPEND_WINDOW_DAYS - 1) * DAY_MS);
    const [accounts, [recent], requests, [pending], budgets] = await Promise.all([
      advertiserAccounts(this.dataSource.manager, [advertiser.id]),
      this.dataSource.query(
        "SELECT COALESCE(SUM(total_micros), 0) AS total FROM ledger_totals WHERE account = 'user' AND account_id = ? AND kind = ? AND grain = 'd' AND period >= ?",
        [advertiser.id, LedgerKind.SPEND, since],
      ),
      this.requests.find({ where: { advertiserId: advertiser.id }, order: { id: "DESC" }, take: 50 }),
      this.dataSource.query("SELECT COALESCE(SUM(amount_micros), 0) AS total FROM deposit_requests WHERE advertiser_id = ? AND status = ?", [advertiser.id, DepositStatus.PENDING]),
      this.funded.budgetsLeft(advertiser),
    ]);
    const account = accounts.get(advertiser.id)!;
    const availableMicros = account.balanceMicros + account.creditLimitMicros;
    const spendLast30DaysMicros = Number(recent.total);
    const { daysLeft, daysLeftNote } = runway(availableMicros, spendLast30DaysMicros);
    const lowBalance = availableMicros <= 0 || (daysLeft !== null && daysLeft < LOW_BALANCE_DAYS);
    const waitingOnFunds = availableMicros > 0 ? 0 : await this.funded.waitingOnFunds(advertiser);
    const pendingDepositsMicros = Number(pending.total);
    const campaigns = budgets.map(({ id, name, budgetLeftMicros }) => ({
      campaignId: id,
      name,
      budgetLeftMicros,
      spendableNowMicros: Math.min(budgetLeftMicros, Math.max(0, availableMicros)),
      spendableOnceRecordedMicros: Math.min(budgetLeftMicros, Math.max(0, availableMicros + pendingDepositsMicros)),
    }));
    const campaignBudgetsLeftMicros = budgets.reduce((sum, campaign) => sum + campaign.budgetLeftMicros, 0);
    return {
      ...account,
      availableMicros,
      spendLast30DaysMicros,
      daysLeft,
      daysLeftNote,
      lowBalance,
      waitingOnFunds,
      pendingDepositsMicros,
      campaignBudgetsLeftMicros,
      campaigns,
      requests,
      billingAddress: advertiser.billingAddress,
    };
  }

  /** An advertiser's balance as their Billing tab shows it, for an admin's view of the account; null for the other roles. */
  async balanceOf(user: User): Promise<number | null> {
    if (user.role !== Role.ADVERTISER) return null;
    return (await advertiserAccounts(this.dataSource.manager, [user.id])).get(user.id)!.balanceMicros;
  }

  /**
   * The scheduled job that warns each advertiser with a running campaign whose funds are low (see
   * `summary`), at most once a day. It looks once an hour, whatever the scheduler's tick.
   */
  lowBalanceJob(send: SendNotice, runningAdvertisers: () => Promise<number[]>, everyMs = HOUR_MS): ScheduledJob {
    let lastLookMs = Number.NEGATIVE_INFINITY;
    return {
      name: LOW_BALANCE_JOB,
      run: async ({ nowMs, stillHeld }) => {
        if (nowMs - lastLookMs < everyMs) return;
        lastLookMs = nowMs;
        const day = reportCalendar().dateOf(nowMs);
        const running = await runningAdvertisers();
        const advertisers = running.length > 0 ? await this.users.findBy({ id: In(running), role: Role.ADVERTISER }) : [];
        for (const advertiser of advertisers) {
          if (!stillHeld()) return;
          const { lowBalance, availableMicros } = await this.summary(advertiser, nowMs);
          if (!lowBalance) continue;
          await send(advertiser.id, NotificationKind.LOW_BALANCE, { amount: dollarsText(Math.max(0, availableMicros)) }, { dedupeKey: `low_balance:${advertiser.id}:${day}` });
        }
      },
    };
  }

  /**
   * The advertiser announces a transfer: a pending request under a reference of its own. Under an
   * idempotency key (a double click, a retried call) the same key answers the first request.
   */
  async requestDeposit(advertiser: User, amount: unknown, idempotencyKey?: unknown): Promise<DepositRequest> {
    if (!this.config.bank) throw new ValidationError("amount", "Bank transfers are not available on this network yet");
    const amountMicros = check.dollars("amount", amount);
    if (amountMicros < this.config.minDepositMicros) {
      throw new ValidationError("amount", `Amount must be at least $${microsToDollars(this.config.minDepositMicros).toLocaleString("en-US")}`);
    }
    return this.idempotency.once(
      { userId: advertiser.id, operation: "requestDeposit", key: idempotencyKey, request: { amountMicros } },
      async (manager) => {
        const requests = manager.getRepository(DepositRequest);
        for (let attempt = 1; ; attempt++) {
          try {
            const request = await requests.save(requests.create({ advertiserId: advertiser.id, reference: newPaymentReference(), amountMicros, status: DepositStatus.PENDING }));
            return { id: request.id, result: request };
          } catch (error) {
            // Another request drew the same reference: draw again (a failed statement leaves the transaction open on both engines).
            if (!isUniqueViolation(error) || attempt >= 5) throw error;
          }
        }
      },
      (id) => this.requests.findOneByOrFail({ id }),
    );
  }

  /** How many deposit requests are in this status across the network: pending ones wait for an admin to record their transfer. */
  countByStatus(status: DepositStatus): Promise<number> {
    return this.requests.countBy({ status });
  }

  /**
   * An admin records the transfer that arrived with this reference, for the amount that arrived,
   * kept beside the amount announced with the admin's note. The request's row is locked as it is
   * read and marked received only from pending, in the UPDATE itself, so of admins recording it at
   * once one wins and the others are told it was recorded already (from the row as the winner left
   * it); the deposit entry is in the same transaction. The advertiser is told by e-mail.
   */
  async recordDeposit(admin: User, input: { reference?: unknown; amount?: unknown; memo?: unknown }): Promise<DepositRequest> {
    const reference = paymentReference(input.reference);
    const amountMicros = check.dollars("amount", input.amount);
    const note = check.isBlank(input.memo) ? null : check.requiredText("memo", input.memo, MAX_LENGTH.memo);
    const request = await inTransaction(this.dataSource, async (manager) => {
      const requests = manager.getRepository(DepositRequest);
      const found = await requests.findOne({ where: { reference }, ...rowLock(manager) });
      if (!found) throw new ValidationError("reference", `No deposit request has the reference ${reference}`);
      await this.move(requests, found, "record", { receivedMicros: amountMicros, receivedBy: admin.id, receivedAt: new Date(), receivedNote: note });
      const memo = note ?? `Bank transfer ${reference}`;
      await this.ledger.append([{ userId: found.advertiserId, kind: LedgerKind.DEPOSIT, amountMicros, actorId: admin.id, memo }], manager);
      const recorded = (await requests.findOneBy({ id: found.id }))!;
      await this.audit.record(
        {
          action: AuditAction.DEPOSIT_RECORDED,
          target: { type: "deposit", id: recorded.id, userId: recorded.advertiserId },
          before: { status: DepositStatus.PENDING, announced: microsToDollars(recorded.amountMicros) },
          after: { status: recorded.status, announced: microsToDollars(recorded.amountMicros), received: microsToDollars(amountMicros), reference, note },
        },
        manager,
      );
      const announced = recorded.amountMicros === amountMicros ? undefined : dollarsText(recorded.amountMicros);
      const facts = { amount: dollarsText(amountMicros), announced, reference, reason: note };
      await this.notify(manager, recorded.advertiserId, NotificationKind.DEPOSIT_RECEIVED, facts, { dedupeKey: `deposit_received:${recorded.id}`, about: { type: "deposit", id: recorded.id } });
      return recorded;
    });
    await this.fundsChanged(request.advertiserId);
    return request;
  }

  /** The advertiser takes back a transfer they announced, while it is still awaited. */
  async cancelDeposit(advertiser: User, id: unknown): Promise<DepositRequest> {
    const found = await this.requests.findOneBy({ id: check.positiveId("id", id), advertiserId: advertiser.id });
    if (!found) throw new NotFoundError("Deposit request");
    // In a transaction of its own, so that losing a deadlock to an admin recording it at that moment is run again, not answered 500.
    await inTransaction(this.dataSource, (manager) => this.move(manager.getRepository(DepositRequest), found, "cancel", { cancelledAt: new Date() }));
    return this.requests.findOneByOrFail({ id: found.id });
  }

  /** Makes a move of the lifecycle from a status it allows, checked in the UPDATE itself so two callers cannot both make it. */
  private async move(requests: Repository<DepositRequest>, request: DepositRequest, move: DepositMove, changes: Partial<DepositRequest>): Promise<void> {
    const { from, to } = DEPOSIT_MOVES[move];
    await moveOnce(requests.manager, DepositRequest, { id: request.id, status: In([...from]) }, { ...changes, status: to }, async () => {
      const { status } = await requests.findOneByOrFail({ id: request.id });
      return `The transfer with the reference ${request.reference} ${WHY_NOT_OPEN[status]}`;
    }, { field: "reference" });
  }

  /**
   * Promotional credit: money the network gives, which campaigns spend like a deposit. Under an
   * idempotency key the same key answers the first grant and grants nothing more.
   */
  async grantCredit(admin: User, input: { advertiserEmail?: unknown; amount?: unknown; memo?: unknown }, idempotencyKey?: unknown): Promise<User> {
    const advertiser = await this.advertiserByEmail(input.advertiserEmail);
    const amountMicros = check.dollars("amount", input.amount);
    const memo = check.requiredText("memo", input.memo, MAX_LENGTH.memo);
    return this.idempotency.once(
      { userId: admin.id, operation: "grantCredit", key: idempotencyKey, request: { advertiserId: advertiser.id, amountMicros, memo } },
      async (manager) => {
        const before = await this.account(advertiser.id, manager);
        await this.ledger.append([{ userId: advertiser.id, kind: LedgerKind.CREDIT, amountMicros, actorId: admin.id, memo }], manager);
        const after = await this.account(advertiser.id, manager);
        await this.audit.record(
          {
            action: AuditAction.CREDIT_GRANTED,
            target: { type: "user", id: advertiser.id },
            before: { credits: microsToDollars(before.creditsMicros) },
            after: { credits: microsToDollars(after.creditsMicros), granted: microsToDollars(amountMicros), memo },
          },
          manager,
        );
        await afterCommit(manager, () => this.fundsChanged(advertiser.id));
        return { id: advertiser.id, result: advertiser };
      },
      (id) => this.users.findOneByOrFail({ id }),
    );
  }

  /** How far below zero the advertiser's balance may go (postpaid, invoiced); zero takes the limit away. */
  async setCreditLimit(admin: User, input: { advertiserEmail?: unknown; amount?: unknown; memo?: unknown }): Promise<User> {
    const advertiser = await this.advertiserByEmail(input.advertiserEmail);
    const limitMicros = check.isBlank(input.amount) || Number(input.amount) !== 0 ? check.dollars("amount", input.amount) : 0;
    const memo = check.requiredText("memo", input.memo, MAX_LENGTH.memo);
    const before = await this.account(advertiser.id);
    await this.dataSource.getRepository(CreditLimitChange).insert({ advertiserId: advertiser.id, limitMicros, adminId: admin.id, memo, createdAt: new Date() });
    await this.fundsChanged(advertiser.id);
    await this.audit.record({
      action: AuditAction.CREDIT_LIMIT_SET,
      target: { type: "user", id: advertiser.id },
      before: { creditLimit: microsToDollars(before.creditLimitMicros) },
      after: { creditLimit: microsToDollars(limitMicros), memo },
    });
    return advertiser;
  }

  /** The admins' list of deposit requests, by the advertiser's name or e-mail or the reference, by status, newest first. */
  page(input?: ListInputFields): Promise<Page<DepositRequest>> {
    const request = listRequest(input, Object.values(DepositStatus));
    const query = this.requests.createQueryBuilder("request").innerJoinAndSelect("request.advertiser", "advertiser");
    return pageOf(query, request, { search: ["advertiser.fullName", "request.reference"], folded: ["advertiser.email"], status: "request.status", id: "request.id" });
  }

  /**
   * The network's money by month, newest first: flows from the ledger's and the books' monthly
   * running totals, and what is owed and held at each month's end from the books' balances.
   */
  async financeByMonth(months: unknown, now = Date.now()): Promise<FinanceMonth[]> {
    const count = check.integer("months", months, 1, 120, 12);
    const [kinds, books]: { period: Date | string; name: string; total: number | string }[][] = await Promise.all([
      this.dataSource.query("SELECT period, kind AS name, total_micros AS total FROM ledger_totals WHERE account = 'network' AND account_id = 0 AND grain = 'm'"),
      this.dataSource.query("SELECT period, book AS name, total_micros AS total FROM book_totals WHERE grain = 'm' ORDER BY period"),
    ]);
    const byMonth = new Map<string, Map<string, number>>();
    for (const row of [...kinds, ...books.map((row) => ({ ...row, name: `book:${row.name}` }))]) {
      const month = monthLabel(dateTimeMs(row.period));
      const values = byMonth.get(month) ?? new Map<string, number>();
      byMonth.set(month, values);
      values.set(row.name, (values.get(row.name) ?? 0) + Number(row.total));
    }
    const wanted = Array.from({ length: count }, (_, i) => monthLabel(reportCalendar().monthStart(now, -i)));
    const oldest = wanted[wanted.length - 1];
    // Balances at a month's end: every earlier month's movements added up, month totals only.
    const balance = { owed: 0, held: 0, awaiting: 0 };
    const balances = new Map<string, typeof balance>();
    for (const month of [...new Set([...byMonth.keys(), ...wanted])].sort()) {
      const values = byMonth.get(month);
      balance.owed += values?.get("book:publisher_payable") ?? 0;
      balance.held += values?.get("book:advertiser_funds") ?? 0;
      balance.awaiting += values?.get("book:payouts_pending") ?? 0;
      if (month >= oldest) balances.set(month, { ...balance });
    }
    return wanted.map((month) => {
      const values = byMonth.get(month) ?? new Map<string, number>();
      const value = (name: string) => values.get(name) ?? 0;
      return {
        month,
        depositsMicros: value(LedgerKind.DEPOSIT),
        creditsMicros: value(LedgerKind.CREDIT),
        spendMicros: value(LedgerKind.SPEND),
        publisherEarningsMicros: value(LedgerKind.EARNING),
        marginMicros: value("book:network_revenue"),
        payoutsMicros: value("book:cash_out"),
        owedToPublishersMicros: balances.get(month)!.owed,
        heldForAdvertisersMicros: balances.get(month)!.held,
        awaitingPayoutMicros: balances.get(month)!.awaiting,
      };
    });
  }

  private async account(advertiserId: number, manager = this.dataSource.manager): Promise<AdvertiserAccount> {
    return (await advertiserAccounts(manager, [advertiserId])).get(advertiserId)!;
  }

  private advertiserByEmail(value: unknown): Promise<User> {
    return advertiserByEmail(this.users, value);
  }
}
