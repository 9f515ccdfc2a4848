import { DataSource, IsNull, Not, Repository } from "typeorm";
import { ALL_ROLES, Role } from "../../auth/roles";
import { ConflictError, NotFoundError, ValidationError } from "../../common/errors";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { MAX_LENGTH } from "../../common/text-limits";
import { moveIfStill, moveOnce } from "../../common/move-once";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { AuditAction } from "../audit/audit-actions";
import type { AuditRecord, AuditService } from "../audit/audit.service";
import type { EmailLinksService } from "../email-links/email-links.service";
import { ACCOUNT_STATUSES, AccountStatus } from "./account-status";
import { User } from "./user.entity";

const CHANGED_MEANWHILE = "This account changed meanwhile: reload and try again";

export interface UserListFields extends NonNullable<ListInputFields> {
  role?: unknown;
}

/**
 * The admins' User Management: find accounts, approve the ones waiting, suspend and reactivate
 * (a suspension ends every token at once, and the delivery catalogue drops the account's zones and
 * campaigns, since it reloads on any write to users), and record identity checks. Every action
 * goes to the audit log.
 */
export class UserAdminService {
  private readonly users: Repository<User>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly links: Pick<EmailLinksService, "sendVerification" | "sendPasswordReset">,
  ) {
    this.users = dataSource.getRepository(User);
  }

  /** By name or e-mail, role and status, newest first. */
  page(input: UserListFields = {}): Promise<Page<User>> {
    const request = listRequest(input, ACCOUNT_STATUSES);
    const query = this.users.createQueryBuilder("account");
    if (!check.isBlank(input.role)) query.andWhere("account.role = :role", { role: check.oneOf("role", String(input.role).toLowerCase(), ALL_ROLES) });
    return pageOf(query, request, { search: ["account.fullName"], folded: ["account.email"], status: "account.status", id: "account.id" });
  }

  async find(id: unknown): Promise<User> {
    const user = await this.users.findOneBy({ id: check.positiveId("id", id) });
    if (!user) throw new NotFoundError("User");
    return user;
  }

  /** A pending account (ACCOUNT_APPROVAL=manual) may start working. */
  async approve(id: unknown): Promise<User> {
    const user = await this.find(id);
    if (user.status !== AccountStatus.PENDING_APPROVAL) throw new ConflictError("Only an account waiting for approval can be approved");
    await this.move(user, AccountStatus.PENDING_APPROVAL, { status: AccountStatus.ACTIVE }, {
      action: AuditAction.ACCOUNT_APPROVED,
      target: { type: "user", id: user.id },
      before: { status: AccountStatus.PENDING_APPROVAL },
      after: { status: AccountStatus.ACTIVE },
    });
    return this.find(user.id);
  }

  /**
   * Suspends an account with the reason its owner is told. Every token of theirs stops at once (the
   * version they carry moves on), and their API keys with them (each call reads the status). Never
   * the caller themselves, nor the last active admin: the admins' rows are locked while counting, so
   * two admins suspending each other cannot both succeed.
   */
  async suspend(admin: User, id: unknown, reasonInput: unknown): Promise<User> {
    const userId = check.positiveId("id", id);
    const reason = check.requiredText("reason", reasonInput, MAX_LENGTH.reason);
    if (userId === admin.id) throw new ConflictError("You cannot suspend your own account", "id");
    await inTransaction(this.dataSource, async (manager) => {
      const users = manager.getRepository(User);
      const user = await users.findOneBy({ id: userId });
      if (!user) throw new NotFoundError("User");
      if (user.status === AccountStatus.SUSPENDED) throw new ConflictError("This account is already suspended");
      if (user.role === Role.ADMIN) {
        const admins = users.createQueryBuilder("u").select("u.id").where("u.role = :admin AND u.status = :active", { admin: Role.ADMIN, active: AccountStatus.ACTIVE });
        if (this.dataSource.options.type !== "better-sqlite3") admins.setLock("pessimistic_write");
        const others = (await admins.getMany()).filter((other) => other.id !== user.id);
        if (others.length === 0) throw new ConflictError("You cannot suspend the last active administrator", "id");
      }
      await moveOnce(manager, User, { id: user.id, status: user.status }, { status: AccountStatus.SUSPENDED, suspensionReason: reason, tokenVersion: user.tokenVersion + 1 }, CHANGED_MEANWHILE);
      await this.audit.record({ action: AuditAction.ACCOUNT_SUSPENDED, target: { type: "user", id: userId }, before: { status: user.status }, after: { status: AccountStatus.SUSPENDED, reason } }, manager);
    });
    return this.find(userId);
  }

  async reactivate(id: unknown): Promise<User> {
    const user = await this.find(id);
    if (user.status !== AccountStatus.SUSPENDED) throw new ConflictError("Only a suspended account can be reactivated");
    await this.move(user, AccountStatus.SUSPENDED, { status: AccountStatus.ACTIVE, suspensionReason: null }, {
      action: AuditAction.ACCOUNT_REACTIVATED,
      target: { type: "user", id: user.id },
      before: { status: AccountStatus.SUSPENDED, reason: user.suspensionReason },
      after: { status: AccountStatus.ACTIVE },
    });
    return this.find(user.id);
  }

  /** Sends a new verification link, for a user whose link expired or went astray; the older links stop working. */
  async sendVerificationLink(id: unknown): Promise<User> {
    const user = await this.find(id);
    if (user.emailVerifiedAt) throw new ConflictError("This user's e-mail address is already verified");
    await this.links.sendVerification(user);
    await this.audit.record({ action: AuditAction.VERIFICATION_LINK_SENT, target: { type: "user", id: user.id }, after: { email: user.email } });
    return user;
  }

  /** Sends the user a password reset link, for someone locked out who asks an admin for help. */
  async sendPasswordReset(id: unknown): Promise<User> {
    const user = await this.find(id);
    if (user.status === AccountStatus.SUSPENDED) throw new ConflictError("A suspended account cannot reset its password; reactivate it first");
    await this.links.sendPasswordReset(user);
    await this.audit.record({ action: AuditAction.PASSWORD_RESET_SENT, target: { type: "user", id: user.id }, after: { email: user.email } });
    return user;
  }

  /**
   * Records (or withdraws) that an admin checked the user's identity documents outside the product.
   * Setting what is already set changes nothing and logs nothing, also when two admins do it at once.
   */
  async setIdentityVerified(id: unknown, verifiedInput: unknown): Promise<User> {
    if (typeof verifiedInput !== "boolean") throw new ValidationError("verified", "Verified must be true or false");
    const user = await this.find(id);
    const was = user.identityVerifiedAt !== null;
    if (was === verifiedInput) return user;
    await inTransaction(this.dataSource, async (manager) => {
      const still = { id: user.id, identityVerifiedAt: was ? Not(IsNull()) : IsNull() };
      if (!(await moveIfStill(manager, User, still, { identityVerifiedAt: verifiedInput ? new Date() : null }))) return;
      await this.audit.record(
        {
          action: verifiedInput ? AuditAction.IDENTITY_VERIFIED : AuditAction.IDENTITY_UNVERIFIED,
          target: { type: "user", id: user.id },
          before: { identityVerified: was },
          after: { identityVerified: verifiedInput },
        },
        manager,
      );
    });
    return this.find(user.id);
  }

  /** Moves the status only from the one expected, with its audit entry: of two admins acting at once, one is told. */
  private async move(user: User, from: AccountStatus, changes: Partial<User>, record: AuditRecord): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      await moveOnce(manager, User, { id: user.id, status: from }, changes, CHANGED_MEANWHILE);
      await this.audit.record(record, manager);
    });
  }
}
