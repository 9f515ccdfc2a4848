import { createHash, randomBytes } from "node:crypto";
import { DataSource, IsNull, Repository } from "typeorm";
import { Role } from "../../auth/roles";
import { ConflictError, NotFoundError } from "../../common/errors";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from "../../common/list-page";
import { moveIfStill } from "../../common/move-once";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";
import type { User } from "../users/user.entity";
import { ApiKey } from "./api-key.entity";

/** Every key starts so; a bearer token that does not is a session token. */
export const API_KEY_MARK = "adn_live_";
const VISIBLE_SECRET_CHARS = 4;
const KEY_NAME_MAX = 80;
/** A key's last use is written at most this often: a busy integration would otherwise write on every call. */
const LAST_USED_EVERY_MS = 60_000;

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");
export const isApiKey = (token: string) => token.startsWith(API_KEY_MARK);

export interface CreatedApiKey {
  apiKey: ApiKey;
  /** The whole key: shown once, never stored. */
  secret: string;
}

export class ApiKeysService {
  private readonly keys: Repository<ApiKey>;
  private readonly lastTouched = new Map<number, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    /** How many live keys one user may hold (API_KEYS_PER_USER). */
    readonly perUser: number,
  ) {
    this.keys = dataSource.getRepository(ApiKey);
  }

  async create(owner: User, input: { name?: unknown; readOnly?: unknown }): Promise<CreatedApiKey> {
    const name = check.requiredText("name", input.name, KEY_NAME_MAX);
    const readOnly = check.flag("readOnly", input.readOnly, false);
    const live = await this.keys.countBy({ userId: owner.id, revokedAt: IsNull() });
    if (live >= this.perUser) throw new ConflictError(`You can hold at most ${this.perUser} API keys: revoke one first`, "name");
    const secret = `${API_KEY_MARK}${randomBytes(24).toString("base64url")}`;
    const apiKey = await this.keys.save(
      this.keys.create({ userId: owner.id, name, readOnly, prefix: secret.slice(0, API_KEY_MARK.length + VISIBLE_SECRET_CHARS), keyHash: hashApiKey(secret) }),
    );
    await this.audit.record({ action: AuditAction.API_KEY_CREATED, target: { type: "api_key", id: apiKey.id, userId: owner.id }, after: { name, prefix: apiKey.prefix, readOnly } });
    return { apiKey, secret };
  }

  /** The caller's own keys, live ones first. */
  listOwn(owner: User): Promise<ApiKey[]> {
    return this.keys.find({ where: { userId: owner.id }, order: { revokedAt: "ASC", id: "DESC" } });
  }

  /** Every user's keys, for admins: newest first, by owner. */
  async page(input: { userId?: unknown; offset?: unknown; limit?: unknown } = {}): Promise<Page<ApiKey>> {
    const query = this.keys.createQueryBuilder("key");
    if (!check.isBlank(input.userId)) query.andWhere("key.user_id = :userId", { userId: check.positiveId("userId", input.userId) });
    const offset = check.integer("offset", input.offset, 0, Number.MAX_SAFE_INTEGER, 0);
    const limit = check.integer("limit", input.limit, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
    const [items, totalCount] = await query.orderBy("key.id", "DESC").offset(offset).limit(limit).getManyAndCount();
    return { items, totalCount };
  }

  /**
   * Its owner or an admin revokes a key; it is refused from the next request on, in every process.
   * Revoking a revoked key (twice at once too) is a harmless repeat: it answers the key as revoked
   * the first time, and changes and logs nothing.
   */
  async revoke(actor: User, id: unknown): Promise<ApiKey> {
    const keyId = check.positiveId("id", id);
    const apiKey = await this.keys.findOneBy(actor.role === Role.ADMIN ? { id: keyId } : { id: keyId, userId: actor.id });
    if (!apiKey) throw new NotFoundError("API key");
    if (apiKey.revokedAt) return apiKey;
    await inTransaction(this.dataSource, async (manager) => {
      if (!(await moveIfStill(manager, ApiKey, { id: apiKey.id, revokedAt: IsNull() }, { revokedAt: new Date() }))) return;
      await this.audit.record({ action: AuditAction.API_KEY_REVOKED, target: { type: "api_key", id: apiKey.id, userId: apiKey.userId }, before: { name: apiKey.name, prefix: apiKey.prefix } }, manager);
    });
    return this.keys.findOneByOrFail({ id: apiKey.id });
  }

  recognizes(token: string): boolean {
    return isApiKey(token);
  }

  /** The live key this secret is, or null; notes its use now and then. */
  async authenticate(secret: string): Promise<ApiKey | null> {
    const apiKey = await this.keys.findOneBy({ keyHash: hashApiKey(secret), revokedAt: IsNull() });
    if (!apiKey) return null;
    const now = Date.now();
    if (now - (this.lastTouched.get(apiKey.id) ?? 0) >= LAST_USED_EVERY_MS) {
      this.lastTouched.set(apiKey.id, now);
      // Last use is a hint for its owner; a failed write must not fail the call it rides on.
      await this.keys.update({ id: apiKey.id }, { lastUsedAt: new Date(now) }).catch(() => undefined);
    }
    return apiKey;
  }
}
