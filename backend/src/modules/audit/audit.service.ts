import { DataSource, EntityManager, Repository } from "typeorm";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from "../../common/list-page";
import { MAX_LENGTH } from "../../common/text-limits";
import * as check from "../../common/validate";
import { AUDIT_ACTIONS, AuditAction } from "./audit-actions";
import { AuditEntry } from "./audit-entry.entity";
import { currentAuditScope } from "./audit-scope";

export interface AuditTarget {
  type: string;
  id: number;
  /** The account the target belongs to (the user themselves for an account). */
  userId?: number | null;
}

export interface AuditRecord {
  action: AuditAction;
  target?: AuditTarget | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Who acted, when not the request's signed-in user (a sign-in in progress, say). */
  actor?: { id: number; email: string } | null;
  ip?: string | null;
}

export interface AuditFilter {
  actor?: unknown;
  action?: unknown;
  targetType?: unknown;
  targetId?: unknown;
  targetUserId?: unknown;
  from?: unknown;
  to?: unknown;
  offset?: unknown;
  limit?: unknown;
}

const TARGET_TYPES = ["user", "site", "campaign", "creative", "payout", "deposit", "api_key", "exchange_partner"] as const;
const DAY_MS = 86_400_000;

/** The append-only trail of admin actions and security events: it records and reads, never changes a row. */
export class AuditService {
  private readonly entries: Repository<AuditEntry>;

  constructor(dataSource: DataSource) {
    this.entries = dataSource.getRepository(AuditEntry);
  }

  /** Who and from where come from the request unless the record names them; with `manager`, as part of its transaction. */
  async record(record: AuditRecord, manager: EntityManager = this.entries.manager): Promise<AuditEntry> {
    const entries = manager.getRepository(AuditEntry);
    const scope = currentAuditScope();
    const actor = record.actor === undefined ? (scope.actorId === null ? null : { id: scope.actorId, email: scope.actorEmail ?? "" }) : record.actor;
    return entries.save(
      entries.create({
        actorId: actor?.id ?? null,
        actorEmail: actor?.email ?? null,
        action: record.action,
        targetType: record.target?.type ?? null,
        targetId: record.target?.id ?? null,
        targetUserId: record.target?.userId ?? (record.target?.type === "user" ? record.target.id : null),
        ip: record.ip ?? scope.ip,
        beforeJson: record.before ? JSON.stringify(record.before) : null,
        afterJson: record.after ? JSON.stringify(record.after) : null,
      }),
    );
  }

  /** Everything done to one object, newest first: its history, which has no pages. */
  forTarget(type: (typeof TARGET_TYPES)[number], id: number): Promise<AuditEntry[]> {
    return this.entries.find({ where: { targetType: type, targetId: id }, order: { id: "DESC" } });
  }

  /** Newest first, narrowed by actor (part of their e-mail), action, target and a range of days. */
  async page(filter: AuditFilter = {}): Promise<Page<AuditEntry>> {
    const query = this.entries.createQueryBuilder("entry");
    if (!check.isBlank(filter.actor)) {
      // Addresses are kept folded (`check.foldCase`), so the term is folded alike and compared as is.
      const actor = check.foldCase(check.requiredText("actor", filter.actor, MAX_LENGTH.search));
      query.andWhere("entry.actor_email LIKE :actor ESCAPE '!'", { actor: `%${actor.replace(/[!%_]/g, (c) => `!${c}`)}%` });
    }
    if (!check.isBlank(filter.action)) query.andWhere("entry.action = :action", { action: check.oneOf("action", filter.action, AUDIT_ACTIONS) });
    if (!check.isBlank(filter.targetType)) query.andWhere("entry.target_type = :targetType", { targetType: check.oneOf("targetType", filter.targetType, TARGET_TYPES) });
    if (!check.isBlank(filter.targetId)) query.andWhere("entry.target_id = :targetId", { targetId: check.positiveId("targetId", filter.targetId) });
    if (!check.isBlank(filter.targetUserId)) {
      query.andWhere("(entry.target_user_id = :userId OR entry.actor_id = :userId)", { userId: check.positiveId("targetUserId", filter.targetUserId) });
    }
    if (!check.isBlank(filter.from)) query.andWhere("entry.created_at >= :from", { from: new Date(`${check.calendarDate("from", filter.from)}T00:00:00Z`) });
    if (!check.isBlank(filter.to)) query.andWhere("entry.created_at < :to", { to: new Date(Date.parse(`${check.calendarDate("to", filter.to)}T00:00:00Z`) + DAY_MS) });
    const offset = check.integer("offset", filter.offset, 0, Number.MAX_SAFE_INTEGER, 0);
    const limit = check.integer("limit", filter.limit, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
    const [items, totalCount] = await query.orderBy("entry.id", "DESC").offset(offset).limit(limit).getManyAndCount();
    return { items, totalCount };
  }
}
