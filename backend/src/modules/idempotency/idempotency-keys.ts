import { createHash } from "node:crypto";
import { type DataSource, type EntityManager, LessThan, LessThanOrEqual } from "typeorm";
import { insertIgnoring, sqlDateTime } from "../../common/db-upsert";
import { ConflictError, ValidationError } from "../../common/errors";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { HOUR_MS } from "../reports/grains";
import type { ScheduledJob } from "../scheduler/scheduler";
import { IdempotencyKey } from "./idempotency-key.entity";

/** How long a key answers its first call; older keys are free again, and purged. */
export const IDEMPOTENCY_WINDOW_MS = 24 * HOUR_MS;
/** Long enough to be unique per call (a UUID is 36), short enough for the unique index. */
const KEY = /^[A-Za-z0-9_.:-]{8,255}$/;
const PURGE_JOB = "idempotency-keys-purge";

/** One call that may be sent again under the same key. */
export interface IdempotentCall {
  /** Who sends it: a key is theirs alone. */
  userId: number;
  /** The operation's GraphQL name: a key is the sender's own per operation. */
  operation: string;
  /** The key as sent (REST's Idempotency-Key header, GraphQL's idempotencyKey argument); none runs the call as it is. */
  key: unknown;
  /** The call's parameters after their checks, so a reused key with other parameters is told apart. */
  request: unknown;
}

/** What the call made: its row's id, which a repeat answers again, and the answer. */
export interface Made<T> {
  id: number;
  result: T;
}

/** The key's row was there first: the transaction gives way to the call that made it. */
class KeyTaken extends Error {}

/** A key as sent, or null for none; anything else than 8 to 255 of these characters is refused. */
export function idempotencyKey(value: unknown): string | null {
  if (check.isBlank(value)) return null;
  const key = String(value).trim();
  if (!KEY.test(key)) throw new ValidationError("idempotencyKey", "An idempotency key is 8 to 255 letters, digits, dashes, underscores, dots or colons, such as a UUID");
  return key;
}

const hashOf = (request: unknown) => createHash("sha256").update(JSON.stringify(request)).digest("hex");

/**
 * Money-creating calls with no state to guard take an idempotency key, as payment APIs do: the
 * same key from the same user for the same operation within 24 hours answers what the first call
 * made and changes nothing. The database decides, not this process: the key's row is inserted in
 * the call's own transaction, so of identical calls at once one inserts it, and the others wait on
 * the unique index until it commits, then answer its result (or, if it rolled back, do the work).
 */
export class IdempotencyKeys {
  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs `work` in a transaction, once per key: a repeat answers `replay` of the id the first made.
   * `work` must put off whatever is not in the database with `afterCommit`.
   */
  async once<T>(call: IdempotentCall, work: (manager: EntityManager) => Promise<Made<T>>, replay: (id: number) => Promise<T>): Promise<T> {
    const key = idempotencyKey(call.key);
    if (key === null) return (await inTransaction(this.dataSource, work)).result;
    const where = { userId: call.userId, operation: call.operation, key };
    const requestHash = hashOf(call.request);
    const keys = this.dataSource.getRepository(IdempotencyKey);
    // A second round only after taking away an expired key that nothing had purged yet.
    for (let round = 1; round <= 2; round++) {
      try {
        return await inTransaction(this.dataSource, async (manager) => {
          if (!(await this.claim(manager, where, requestHash))) throw new KeyTaken();
          const made = await work(manager);
          await manager.getRepository(IdempotencyKey).update(where, { resultId: made.id });
          return made.result;
        });
      } catch (error) {
        if (!(error instanceof KeyTaken)) throw error;
      }
      const first = await keys.findOneBy(where);
      const expiredBy = new Date(this.now() - IDEMPOTENCY_WINDOW_MS);
      if (first && first.createdAt > expiredBy && first.resultId !== null) {
        if (first.requestHash !== requestHash) {
          throw new ValidationError("idempotencyKey", "This idempotency key was used in the last 24 hours for a different request: send a new key with a new request");
        }
        return replay(first.resultId);
      }
      if (first) await keys.delete({ id: first.id, createdAt: LessThanOrEqual(expiredBy) });
    }
    throw new ConflictError("Another request with this idempotency key is being made: send it again in a moment", "idempotencyKey");
  }

  /**
   * Inserts the key's row unless it is there (then false). The insert is ignored rather than failed,
   * so a repeat logs no failed query; on MySQL it still waits on the unique index for a call holding
   * the key uncommitted, and is ignored only once that call commits.
   */
  private async claim(manager: EntityManager, where: { userId: number; operation: string; key: string }, requestHash: string): Promise<boolean> {
    const { affected } = await manager.queryRunner!.query(
      `${insertIgnoring(manager.connection)} INTO idempotency_keys (user_id, operation, idempotency_key, request_hash, result_id, created_at) VALUES (?, ?, ?, ?, NULL, ?)`,
      [where.userId, where.operation, where.key, requestHash, sqlDateTime(this.now())],
      true,
    );
    return Boolean(affected);
  }

  /** The scheduled job that deletes keys past their 24 hours: they answer nothing any more. */
  purgeJob(): ScheduledJob {
    return {
      name: PURGE_JOB,
      run: async ({ nowMs }) => {
        await this.dataSource.getRepository(IdempotencyKey).delete({ createdAt: LessThan(new Date(nowMs - IDEMPOTENCY_WINDOW_MS)) });
      },
    };
  }
}
