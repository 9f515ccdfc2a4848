import { createHash, randomInt } from "node:crypto";
import jwt from "jsonwebtoken";
import { authenticator } from "otplib";
import QRCode from "qrcode";
import { DataSource, IsNull, Not, Repository } from "typeorm";
import { verifyPassword } from "../../auth/passwords";
import type { RateLimit, RateLimiter, RateLimiterFactory } from "../../auth/rate-limiter";
import { Role } from "../../auth/roles";
import { ConflictError, ForbiddenError, RateLimitedError, ValidationError } from "../../common/errors";
import { moveOnce } from "../../common/move-once";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";
import { QUIET, quietly, quietUserUpdate } from "../users/quiet-update";
import { User } from "../users/user.entity";
import { RecoveryCode } from "./recovery-code.entity";
import { SecretBox } from "./secret-box";

const ISSUER = "AdNet";
const STEP_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/** Wrong codes one account may send in 15 minutes, at sign-in and in Settings together. */
const WRONG_CODES: RateLimit = { name: "two-factor", limit: 5, windowMs: 15 * 60 * 1000 };
/** How long the password step of a sign-in waits for its code. */
const CHALLENGE_SECONDS = 5 * 60;
const CHALLENGE_PURPOSE = "two-factor-sign-in";

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qrCodeDataUrl: string;
}

/** A code from the step before or after counts too, for clocks that drift. */
const totp = authenticator.clone({ step: STEP_SECONDS, window: 1 });

const ALREADY_ON = "Two-factor sign-in is already on";
const ALREADY_OFF = "Two-factor sign-in is already off";

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

/**
 * Two-factor sign-in with TOTP (RFC 6238) and single-use recovery codes. Each code is accepted
 * once: the time step of the last accepted code is kept, and recovery codes are marked used in the
 * UPDATE that checks them. Wrong codes are limited per account.
 */
export class TwoFactorService {
  private readonly users: Repository<User>;
  private readonly codes: Repository<RecoveryCode>;
  private readonly box: SecretBox;
  private readonly wrongCodes: RateLimiter;

  constructor(
    private readonly dataSource: DataSource,
    private readonly jwtSecret: string,
    rateLimiter: RateLimiterFactory,
    private readonly audit: AuditService,
    /** ADMIN_2FA=required: admins cannot work until they have enrolled. */
    readonly requiredForAdmins: boolean,
  ) {
    this.users = dataSource.getRepository(User);
    this.codes = dataSource.getRepository(RecoveryCode);
    this.box = new SecretBox(jwtSecret);
    this.wrongCodes = rateLimiter(WRONG_CODES);
  }

  isRequiredFor(user: User): boolean {
    return this.requiredForAdmins && user.role === Role.ADMIN;
  }

  /** A new secret to scan; it takes effect only once a code from it is confirmed. */
  async beginEnrolment(user: User): Promise<Enrolment> {
    if (user.twoFactorEnabledAt) throw new ConflictError(ALREADY_ON);
    const secret = totp.generateSecret();
    await quietUserUpdate(this.users, user.id, { twoFactorPendingSecret: this.box.seal(secret) });
    const otpauthUrl = totp.keyuri(user.email, ISSUER, secret);
    return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl) };
  }

  /** Turns two-factor sign-in on with a code from the new secret; answers the recovery codes, shown this once. */
  async confirmEnrolment(user: User, codeInput: unknown): Promise<string[]> {
    const code = check.requiredText("code", codeInput, 40).trim();
    const row = await this.users.findOne({ where: { id: user.id }, select: { id: true, twoFactorPendingSecret: true, twoFactorEnabledAt: true } });
    if (row?.twoFactorEnabledAt) throw new ConflictError(ALREADY_ON);
    const pending = row?.twoFactorPendingSecret;
    if (!pending) throw new ConflictError("Start the set-up first: no secret is waiting for a code", "code");
    const accepted: { step: number | null } = { step: null };
    await this.limited(user, async () => (accepted.step = await this.totpStep(this.box.open(pending), code)) !== null);
    // The same code sent twice at once turns it on once: one call answers recovery codes, and they are the ones kept.
    const codes = newRecoveryCodes();
    await inTransaction(this.dataSource, async (manager) => {
      const changes = quietly({ twoFactorSecret: pending, twoFactorPendingSecret: null, twoFactorEnabledAt: new Date(), twoFactorLastStep: accepted.step });
      await moveOnce(manager, User, { id: user.id, twoFactorEnabledAt: IsNull(), twoFactorPendingSecret: pending }, changes, ALREADY_ON, QUIET);
      await manager.getRepository(RecoveryCode).delete({ userId: user.id });
      await manager.getRepository(RecoveryCode).insert(codes.map((code) => ({ userId: user.id, codeHash: hashCode(normalRecoveryCode(code)) })));
      await this.audit.record({ action: AuditAction.TWO_FACTOR_ENABLED, target: { type: "user", id: user.id }, after: { twoFactor: true } }, manager);
    });
    return codes;
  }

  /** Needs the password and a code (or a recovery code); an admin who must use it cannot turn it off. */
  async disable(user: User, input: { password?: unknown; code?: unknown }): Promise<void> {
    if (!user.twoFactorEnabledAt) throw new ConflictError(ALREADY_OFF);
    if (this.isRequiredFor(user)) throw new ForbiddenError("Administrators must keep two-factor sign-in on");
    const password = typeof input.password === "string" ? input.password : "";
    if (check.isBlank(password)) throw new ValidationError("password", "Password is required");
    const code = check.requiredText("code", input.code, 40);
    const row = await this.users.findOneOrFail({ where: { id: user.id }, select: { id: true, passwordHash: true } });
    await this.limited(user, async () => {
      if (!(await verifyPassword(row.passwordHash, password))) throw new ValidationError("password", "Your password is incorrect");
      // The code is used up in the transaction that turns it off: the same request sent twice at once
      // waits on the first one's code and, finding it used, is told the first one turned it off.
      return inTransaction(this.dataSource, async (manager) => {
        if ((await this.acceptCode(user, code, manager.getRepository(User), manager.getRepository(RecoveryCode))) === null) {
          if (await manager.getRepository(User).existsBy({ id: user.id, twoFactorEnabledAt: Not(IsNull()) })) return false;
          throw new ConflictError(ALREADY_OFF);
        }
        const changes = quietly({ twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null });
        await moveOnce(manager, User, { id: user.id, twoFactorEnabledAt: Not(IsNull()) }, changes, ALREADY_OFF, QUIET);
        await manager.getRepository(RecoveryCode).delete({ userId: user.id });
        await this.audit.record({ action: AuditAction.TWO_FACTOR_DISABLED, target: { type: "user", id: user.id }, before: { twoFactor: true }, after: { twoFactor: false } }, manager);
        return true;
      });
    });
  }

  /** The sign-in's second step: a TOTP code or an unused recovery code, else BAD_USER_INPUT on `code`. */
  async verifySignIn(user: User, codeInput: unknown, ip: string): Promise<void> {
    const code = check.requiredText("code", codeInput, 40);
    const outcome: { used: "totp" | "recovery" | null } = { used: null };
    await this.limited(user, async () => (outcome.used = await this.acceptCode(user, code)) !== null);
    if (outcome.used === "recovery") {
      await this.audit.record({ action: AuditAction.TWO_FACTOR_RECOVERY_USED, actor: user, ip, target: { type: "user", id: user.id }, after: { recoveryCodesLeft: await this.recoveryCodesLeft(user.id) } });
    }
  }

  recoveryCodesLeft(userId: number): Promise<number> {
    return this.codes.countBy({ userId, usedAt: IsNull() });
  }

  /** A short-lived proof that the password step passed, to be traded with a code for a session. */
  issueChallenge(user: User): string {
    return jwt.sign({ purpose: CHALLENGE_PURPOSE, ver: user.tokenVersion }, this.jwtSecret, { algorithm: "HS256", subject: String(user.id), expiresIn: CHALLENGE_SECONDS });
  }

  /** The user a live challenge was issued to, or null. */
  readChallenge(token: unknown): { userId: number; tokenVersion: number } | null {
    if (typeof token !== "string" || token === "") return null;
    try {
      const payload = jwt.verify(token, this.jwtSecret, { algorithms: ["HS256"] });
      if (typeof payload === "string" || payload.purpose !== CHALLENGE_PURPOSE || typeof payload.ver !== "number") return null;
      const userId = Number(payload.sub);
      return Number.isInteger(userId) && userId > 0 ? { userId, tokenVersion: payload.ver } : null;
    } catch {
      return null;
    }
  }

  /** Runs a code check counted against the account's wrong codes; a check that fails answers BAD_USER_INPUT. */
  private async limited(user: User, attempt: () => Promise<boolean>): Promise<void> {
    const admission = await this.wrongCodes.admit(String(user.id));
    if (admission.retryAfterMs > 0) {
      throw new RateLimitedError(`Too many wrong codes. Try again in ${Math.ceil(admission.retryAfterMs / 60_000)} minutes.`);
    }
    let accepted = false;
    try {
      accepted = await attempt();
    } catch (error) {
      // A conflict is no wrong code: the right one, sent twice at once.
      if (error instanceof ConflictError) await admission.withdraw();
      throw error;
    } finally {
      if (accepted) await admission.withdraw();
    }
    if (!accepted) throw new ValidationError("code", "That code is not valid: enter the 6-digit code your app shows now, or a recovery code");
  }

  private async acceptCode(user: User, code: string, users = this.users, codes = this.codes): Promise<"totp" | "recovery" | null> {
    const compact = code.replace(/\s/g, "");
    if (/^\d{6}$/.test(compact)) {
      // Read apart from `users`' transaction, which must see the state after any write it waited on.
      const row = await this.users.findOne({ where: { id: user.id }, select: { id: true, twoFactorSecret: true } });
      if (!row?.twoFactorSecret) return null;
      const step = await this.totpStep(this.box.open(row.twoFactorSecret), compact);
      if (step === null) return null;
      // Only a code from a later time step than the last one accepted: a code works once.
      const { affected } = await users
        .createQueryBuilder()
        .update()
        .set({ twoFactorLastStep: step, updatedAt: () => "updated_at" })
        .where("id = :id AND (two_factor_last_step IS NULL OR two_factor_last_step < :step)", { id: user.id, step })
        .callListeners(false)
        .execute();
      return affected ? "totp" : null;
    }
    const { affected } = await codes.update({ userId: user.id, codeHash: hashCode(normalRecoveryCode(code)), usedAt: IsNull() }, { usedAt: new Date() });
    return affected ? "recovery" : null;
  }

  /** The time step a code belongs to (this one or a neighbour, for clock drift), or null. */
  private async totpStep(secret: string, code: string): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const now = Date.now();
    const delta = totp.clone({ epoch: now }).checkDelta(code, secret);
    return delta === null ? null : Math.floor(now / 1000 / STEP_SECONDS) + delta;
  }
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
