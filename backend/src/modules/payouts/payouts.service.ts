import { DataSource, EntityManager, Repository } from "typeorm";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../common/errors";
import { KeyedMutex } from "../../common/keyed-mutex";
import { microsToDollars } from "../../common/money";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { LedgerKind } from "../ledger/ledger-entry.entity";
import type { LedgerService } from "../ledger/ledger.service";
import { User } from "../users/user.entity";
import { Payout, PayoutStatus } from "./payout.entity";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";

/** Spec section 9: a publisher can ask to be paid once $100 is available. */
export const MINIMUM_PAYOUT_MICROS = 100_000_000;

export interface PublisherBalance {
  earnedMicros: number;
  availableMicros: number;
  requestedMicros: number;
  paidMicros: number;
}

export class PayoutsService {
  private readonly payouts: Repository<Payout>;
  private readonly perPublisher = new KeyedMutex();

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    /** REQUIRE_IDENTITY=1: only publishers whose identity an admin verified may request a payout. */
    private readonly requireIdentity: boolean,
  ) {
    this.payouts = dataSource.getRepository(Payout);
  }

  async balance(publisher: User): Promise<PublisherBalance> {
    const [earnedMicros, availableMicros, payouts] = await Promise.all([
      this.ledger.totalOf(publisher.id, LedgerKind.EARNING),
      this.ledger.balance(publisher.id),
      this.payouts.findBy({ publisherId: publisher.id }),
    ]);
    const sum = (status: PayoutStatus) => payouts.filter((p) => p.status === status).reduce((total, p) => total + p.amountMicros, 0);
    return { earnedMicros, availableMicros, requestedMicros: sum(PayoutStatus.REQUESTED), paidMicros: sum(PayoutStatus.PAID) };
  }

  /**
   * Requests the whole available balance. The payout and its ledger entry are written in one
   * transaction while the publisher's row is locked, so the same money is never requested twice.
   */
  async request(publisher: User): Promise<Payout> {
    if (this.requireIdentity && !publisher.identityVerifiedAt) {
      throw new ForbiddenError("Your identity must be verified by an administrator before you can request a payout");
    }
    return this.perPublisher.run(String(publisher.id), () =>
      inTransaction(this.dataSource, async (manager) => {
        await this.lockPublisher(manager, publisher.id);
        const available = await this.ledger.balance(publisher.id, manager);
        if (available < MINIMUM_PAYOUT_MICROS) {
          const minimum = microsToDollars(MINIMUM_PAYOUT_MICROS).toLocaleString("en-US");
          throw new ValidationError("amount", `A payout needs at least $${minimum} available; you have $${microsToDollars(available).toFixed(2)}`);
        }
        const payout = await manager.getRepository(Payout).save(
          manager.getRepository(Payout).create({ publisherId: publisher.id, amountMicros: available, status: PayoutStatus.REQUESTED }),
        );
        await this.ledger.append(
          [{ userId: publisher.id, kind: LedgerKind.PAYOUT, amountMicros: -available, payoutId: payout.id, memo: `Payout #${payout.id} requested` }],
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
    return pageOf(query, request, { search: ["publisher.fullName", "publisher.email"], status: "payout.status", id: "payout.id" });
  }

  /** Only a requested payout can be paid, and only once: the UPDATE itself checks, so of two admins clicking at once one is told. */
  async markPaid(id: unknown): Promise<Payout> {
    const payoutId = check.positiveId("id", id);
    const { affected } = await this.payouts.update({ id: payoutId, status: PayoutStatus.REQUESTED }, { status: PayoutStatus.PAID, paidAt: new Date() });
    const payout = await this.payouts.findOneBy({ id: payoutId });
    if (!payout) throw new NotFoundError("Payout");
    if (!affected) throw new ConflictError("This payout is already paid");
    await this.audit.record({
      action: AuditAction.PAYOUT_PAID,
      target: { type: "payout", id: payout.id, userId: payout.publisherId },
      before: { status: PayoutStatus.REQUESTED },
      after: { status: payout.status, amount: payout.amountMicros / 1_000_000 },
    });
    return payout;
  }

  countByStatus(status: PayoutStatus): Promise<number> {
    return this.payouts.countBy({ status });
  }

  /** Row lock on MySQL, where several processes may share the database; SQLite serialises writers itself. */
  private async lockPublisher(manager: EntityManager, publisherId: number): Promise<void> {
    if (this.dataSource.options.type !== "better-sqlite3") {
      await manager.getRepository(User).findOne({ where: { id: publisherId }, lock: { mode: "pessimistic_write" } });
    }
  }
}
