import type { DataSource } from "typeorm";
import { sqlDateTime } from "../../common/db-upsert";
import { SchedulerLease } from "./scheduler-lease.entity";

/**
 * Leases in the database: a job's row names its holder and when the lease runs out. Each write is
 * one conditional statement (take it if it is free, expired or already ours; renew it only while
 * it is ours), so of any number of processes asking at once exactly one holds a job at a time.
 */
export class Leases {
  constructor(private readonly dataSource: DataSource) {}

  /** Takes or renews the job's lease for `ttlMs`; false when another holder's lease is still running. */
  async acquire(job: string, holder: string, ttlMs: number, nowMs = Date.now()): Promise<boolean> {
    const expiresAt = new Date(nowMs + ttlMs);
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .update(SchedulerLease)
      .set({ holder, expiresAt })
      .where("job = :job AND (holder = :holder OR expires_at < :now)", { job, holder, now: sqlDateTime(nowMs) })
      .execute();
    if (affected) return true;
    // No row yet: insert it unless someone else just did (no error, so nothing is logged as failed),
    // then see whose it is. Holder names are unique per process.
    await this.dataSource.createQueryBuilder().insert().into(SchedulerLease).values({ job, holder, expiresAt }).orIgnore().execute();
    return (await this.holderOf(job))?.holder === holder;
  }

  /** Extends a lease this holder still has; false when it was lost (expired and taken by another). */
  async renew(job: string, holder: string, ttlMs: number, nowMs = Date.now()): Promise<boolean> {
    const { affected } = await this.dataSource
      .createQueryBuilder()
      .update(SchedulerLease)
      .set({ expiresAt: new Date(nowMs + ttlMs) })
      .where("job = :job AND holder = :holder AND expires_at >= :now", { job, holder, now: sqlDateTime(nowMs) })
      .execute();
    return Boolean(affected);
  }

  /** Lets the lease go at once, so another process may take the job without waiting for it to run out. */
  async release(job: string, holder: string): Promise<void> {
    await this.dataSource.createQueryBuilder().delete().from(SchedulerLease).where("job = :job AND holder = :holder", { job, holder }).execute();
  }

  holderOf(job: string): Promise<SchedulerLease | null> {
    return this.dataSource.getRepository(SchedulerLease).findOneBy({ job });
  }
}
