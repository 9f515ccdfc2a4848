import { createHash, randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { DataSource, IsNull, LessThan, MoreThan, Repository } from "typeorm";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../../auth/passwords";
import type { Admission, RateLimit, RateLimiter, RateLimiterFactory } from "../../auth/rate-limiter";
import { isUniqueViolation } from "../../common/db-errors";
import { ConflictError, RateLimitedError, ValidationError } from "../../common/errors";
import { KeyedMutex } from "../../common/keyed-mutex";
import { inTransaction } from "../../common/transaction";
import * as check from "../../common/validate";
import type { Mailer } from "../mail/mailer";
import { renderMail } from "../mail/template";
import { UserSession } from "../users/user-session.entity";
import { User } from "../users/user.entity";
import { EmailLink, LinkPurpose } from "./email-link.entity";
import { WAITS_FOR_VERIFICATION } from "./verified-email";
import { choosablePassword } from "../../auth/password-policy";

const HOUR_MS = 60 * 60 * 1000;
/** How long each kind of link stays valid. */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  [LinkPurpose.VERIFY_EMAIL]: 24 * HOUR_MS,
  [LinkPurpose.CHANGE_EMAIL]: 24 * HOUR_MS,
  [LinkPurpose.RESET_PASSWORD]: HOUR_MS,
};

const LIMITS = {
  /** Links that failed from one address: a forged token is a guess, and guesses are counted; a link that works is not. */
  linkAttemptsPerIp: { name: "email-link-ip", limit: 30, windowMs: 15 * 60 * 1000 },
  resetRequestsPerIp: { name: "reset-request-ip", limit: 20, windowMs: HOUR_MS },
  /** Beyond this the answer stays the same and no further e-mail goes out: nobody can flood an inbox. */
  resetRequestsPerEmail: { name: "reset-request-email", limit: 3, windowMs: HOUR_MS },
  resendsPerUser: { name: "verify-resend-user", limit: 5, windowMs: HOUR_MS },
  emailChangesPerUser: { name: "email-change-user", limit: 5, windowMs: HOUR_MS },
} satisfies Record<string, RateLimit>;

/** What the Settings page and the banner show about the caller's address. */
export interface EmailStatus {
  email: string;
  verified: boolean;
  /** The new address waiting for its link to be opened, if a change was asked for. */
  pendingEmail: string | null;
  /** What the user cannot do until the address is verified; null once it is, or for a role that waits for nothing. */
  untilVerified: string | null;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const BAD_LINK = "This link is not valid: ask for a new one";

/**
 * The single-use links sent by e-mail: proving a new account's address, resetting a forgotten
 * password, and moving an account to a new address. Each token is 32 random bytes of which only
 * the SHA-256 is stored; a link is bound to the address it was sent to and works once.
 */
export class EmailLinksService {
  private readonly links: Repository<EmailLink>;
  private readonly users: Repository<User>;
  private readonly limiters: Record<keyof typeof LIMITS, RateLimiter>;
  /** Background sends (a reset request answers before it looks anything up); awaited by tests and at shutdown. */
  private readonly background = new Set<Promise<void>>();
  private readonly perUser = new KeyedMutex();

  constructor(
    private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
    /** The origin every link starts with (PUBLIC_URL). */
    private readonly origin: string,
    rateLimiter: RateLimiterFactory,
    private readonly log: Pick<FastifyBaseLogger, "error">,
  ) {
    this.links = dataSource.getRepository(EmailLink);
    this.users = dataSource.getRepository(User);
    this.limiters = Object.fromEntries(Object.entries(LIMITS).map(([key, limit]) => [key, rateLimiter(limit)])) as Record<keyof typeof LIMITS, RateLimiter>;
  }

  /** Sends a new account its verification link; never throws, so registration never fails over e-mail. */
  async sendVerification(user: User): Promise<void> {
    // An address the operator vouched for (the demo's) has nothing to prove.
    if (user.emailVerifiedAt) return;
    try {
      const url = await this.issue(user.id, LinkPurpose.VERIFY_EMAIL, user.email, "/verify-email");
      await this.mailer.send({
        ...renderMail({
          subject: "Verify your e-mail address for AdNet",
          greeting: `Hello ${user.fullName},`,
          paragraphs: [
            "Welcome to AdNet. Please confirm that this address is yours: until you do, you can sign in and look around, but not submit sites, campaigns or payout requests.",
            "The link works once, for 24 hours.",
          ],
          action: { label: "Verify my e-mail address", url },
          footer: "If you did not create an AdNet account, ignore this e-mail: nothing happens without the link.",
        }),
        to: user.email,
        kind: "verify_email",
        userId: user.id,
        links: [url],
      });
    } catch (error) {
      // The user can ask for another link from the banner.
      this.log.error({ err: error }, "could not make a verification link");
    }
  }

  /** A new link for the signed-in user, limited per user; the older ones stop working. */
  async resendVerification(actor: User): Promise<void> {
    const user = await this.users.findOneByOrFail({ id: actor.id });
    if (user.emailVerifiedAt) throw new ConflictError("Your e-mail address is already verified");
    await this.admit(this.limiters.resendsPerUser, String(user.id), "Too many links sent");
    await this.sendVerification(user);
  }

  /** Opens a verification link (a new account's, or a change of address). */
  async verifyEmail(tokenInput: unknown, ip: string): Promise<User> {
    const admission = await this.admit(this.limiters.linkAttemptsPerIp, ip, "Too many links tried");
    const user = await this.openVerificationLink(tokenInput);
    await admission.withdraw();
    return user;
  }

  private async openVerificationLink(tokenInput: unknown): Promise<User> {
    const link = await this.validLink(tokenInput, [LinkPurpose.VERIFY_EMAIL, LinkPurpose.CHANGE_EMAIL]);
    const user = await this.users.findOneByOrFail({ id: link.userId });
    if (link.purpose === LinkPurpose.VERIFY_EMAIL) {
      if (user.email !== link.email) throw new ValidationError("token", BAD_LINK);
      await inTransaction(this.dataSource, async (manager) => {
        await this.consume(manager.getRepository(EmailLink), link);
        await manager.getRepository(User).update({ id: user.id, emailVerifiedAt: IsNull() }, { emailVerifiedAt: new Date() });
      });
      return this.users.findOneByOrFail({ id: user.id });
    }
    return this.changeEmail(user, link);
  }

  /**
   * Sends a reset link if the address has an account. The answer, and the time it takes, are the
   * same either way: the lookup and the e-mail happen after it.
   */
  async forgotPassword(emailInput: unknown, ip: string): Promise<void> {
    const email = check.email("email", emailInput);
    await this.admit(this.limiters.resetRequestsPerIp, ip, "Too many password resets asked for from your address");
    this.inBackground(this.sendReset(email));
  }

  /** Sends a reset link to an account, for the admins' "send a password reset". */
  async sendPasswordReset(user: User): Promise<void> {
    const url = await this.issue(user.id, LinkPurpose.RESET_PASSWORD, user.email, "/reset-password");
    await this.mailer.send({
      ...renderMail({
        subject: "Reset your AdNet password",
        greeting: `Hello ${user.fullName},`,
        paragraphs: [
          "Someone, probably you, asked to reset the password of your AdNet account. Choose a new one with the link below: it works once, for one hour, and signs you out everywhere else.",
        ],
        action: { label: "Choose a new password", url },
        footer: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      }),
      to: user.email,
      kind: "password_reset",
      userId: user.id,
      links: [url],
    });
  }

  /** Sets a new password from a reset link, and ends every session of the account. */
  async resetPassword(input: { token?: unknown; newPassword?: unknown }, ip: string): Promise<void> {
    const admission = await this.admit(this.limiters.linkAttemptsPerIp, ip, "Too many links tried");
    const link = await this.validLink(input.token, [LinkPurpose.RESET_PASSWORD]);
    // A valid link is no guess, whatever becomes of the password chosen with it.
    await admission.withdraw();
    const user = await this.users.findOneOrFail({ where: { id: link.userId }, select: { id: true, email: true, fullName: true, tokenVersion: true, emailVerifiedAt: true } });
    if (user.email !== link.email) throw new ValidationError("token", BAD_LINK);
    const password = choosablePassword("newPassword", input.newPassword, user);
    const passwordHash = await hashPassword(password);
    await inTransaction(this.dataSource, async (manager) => {
      await this.consume(manager.getRepository(EmailLink), link);
      // The link reached the account's inbox, which proves the address as well.
      await manager.getRepository(User).update(user.id, { passwordHash, tokenVersion: user.tokenVersion + 1, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
      await manager.getRepository(UserSession).update({ userId: user.id, revokedAt: IsNull() }, { revokedAt: new Date() });
    });
  }

  /**
   * Sends a link to the new address; the account keeps its address until the link is opened.
   * The current password is asked for, so an unattended session cannot hand the account away.
   */
  async requestEmailChange(actor: User, input: { newEmail?: unknown; currentPassword?: unknown }): Promise<EmailStatus> {
    const newEmail = check.email("newEmail", input.newEmail);
    const user = await this.users.findOneOrFail({ where: { id: actor.id }, select: { id: true, email: true, fullName: true, passwordHash: true, emailVerifiedAt: true } });
    if (newEmail === user.email) throw new ValidationError("newEmail", "This is already your e-mail address");
    await this.admit(this.limiters.emailChangesPerUser, String(user.id), "Too many address changes asked for");
    const current = typeof input.currentPassword === "string" ? input.currentPassword : "";
    if (!current || !(await verifyPassword(user.passwordHash, current))) throw new ValidationError("currentPassword", "Your current password is incorrect");
    // Whether another account holds the address is told only by the link, to its owner.
    const url = await this.issue(user.id, LinkPurpose.CHANGE_EMAIL, newEmail, "/verify-email");
    await this.mailer.send({
      ...renderMail({
        subject: "Confirm your new e-mail address for AdNet",
        greeting: `Hello ${user.fullName},`,
        paragraphs: [`You asked to use ${newEmail} for your AdNet account instead of ${user.email}. Open the link below to confirm: the change takes effect then. The link works once, for 24 hours.`],
        action: { label: "Confirm my new address", url },
        footer: "If you did not ask for this, ignore this e-mail: the account keeps its address.",
      }),
      to: newEmail,
      kind: "change_email",
      userId: user.id,
      links: [url],
    });
    return this.status(user);
  }

  async status(actor: User): Promise<EmailStatus> {
    const [user, pending] = await Promise.all([
      this.users.findOneByOrFail({ id: actor.id }),
      this.links.findOne({
        where: { userId: actor.id, purpose: LinkPurpose.CHANGE_EMAIL, usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
        order: { id: "DESC" },
      }),
    ]);
    const verified = user.emailVerifiedAt !== null;
    return { email: user.email, verified, pendingEmail: pending?.email ?? null, untilVerified: verified ? null : WAITS_FOR_VERIFICATION[user.role] };
  }

  /** Resolves once every background send started so far has finished. */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async sendReset(email: string): Promise<void> {
    const admission = await this.limiters.resetRequestsPerEmail.admit(email);
    const user = await this.users.findOneBy({ email });
    if (!user) {
      // As long as hashing a link would take, and no e-mail.
      await verifyAgainstDecoy("no such account");
      return;
    }
    if (admission.retryAfterMs > 0) return;
    await this.sendPasswordReset(user);
  }

  private async changeEmail(user: User, link: EmailLink): Promise<User> {
    const oldEmail = user.email;
    const taken = new ConflictError("Another account now uses this address, so yours keeps its current one", "token");
    if (await this.users.existsBy({ email: link.email })) throw taken;
    try {
      await inTransaction(this.dataSource, async (manager) => {
        await this.consume(manager.getRepository(EmailLink), link);
        await manager.getRepository(User).update(user.id, { email: link.email, emailVerifiedAt: new Date() });
      });
    } catch (error) {
      throw isUniqueViolation(error) ? taken : error;
    }
    await this.mailer.send({
      ...renderMail({
        subject: "Your AdNet e-mail address was changed",
        greeting: `Hello ${user.fullName},`,
        paragraphs: [`Your AdNet account now uses ${link.email} instead of this address. Sign in with the new address from now on.`],
        footer: "If you did not make this change, reply to this e-mail or contact AdNet support at once.",
      }),
      to: oldEmail,
      kind: "email_changed",
      userId: user.id,
    });
    return this.users.findOneByOrFail({ id: user.id });
  }

  /** A new link of this purpose for the user; the older unused ones stop working. */
  private issue(userId: number, purpose: LinkPurpose, email: string, path: string): Promise<string> {
    // One user's links are made one at a time here; across processes, each statement stands alone,
    // so two requests at once cannot deadlock, and the newer link still replaces the older.
    return this.perUser.run(`${userId}:${purpose}`, async () => {
      const token = randomBytes(32).toString("base64url");
      const { identifiers } = await this.links.insert({
        userId,
        purpose,
        email,
        tokenHash: hashOf(token),
        expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[purpose]),
        usedAt: null,
      });
      await this.links.delete({ userId, purpose, usedAt: IsNull(), id: LessThan(Number(identifiers[0].id)) });
      return `${this.origin}${path}?token=${token}`;
    });
  }

  private async validLink(tokenInput: unknown, purposes: LinkPurpose[]): Promise<EmailLink> {
    const token = typeof tokenInput === "string" ? tokenInput.trim() : "";
    if (!token) throw new ValidationError("token", "The link has no token: open it from the e-mail again");
    const link = TOKEN.test(token) ? await this.links.findOneBy({ tokenHash: hashOf(token) }) : null;
    if (!link || !purposes.includes(link.purpose)) throw new ValidationError("token", BAD_LINK);
    if (link.usedAt) throw new ValidationError("token", "This link has already been used: each link works once");
    if (link.expiresAt.getTime() <= Date.now()) throw new ValidationError("token", "This link has expired: ask for a new one");
    return link;
  }

  /** Marks the link used; of two requests with the same link, one wins and the other is told. */
  private async consume(links: Repository<EmailLink>, link: EmailLink): Promise<void> {
    const { affected } = await links.update({ id: link.id, usedAt: IsNull() }, { usedAt: new Date() });
    if (!affected) throw new ValidationError("token", "This link has already been used: each link works once");
  }

  private async admit(limiter: RateLimiter, key: string, what: string): Promise<Admission> {
    const admission = await limiter.admit(key);
    if (admission.retryAfterMs > 0) throw new RateLimitedError(`${what}. Try again in ${Math.ceil(admission.retryAfterMs / 60_000)} minutes.`);
    return admission;
  }

  private inBackground(work: Promise<void>): void {
    const tracked = work.catch((error) => this.log.error({ err: error }, "could not send a password reset link")).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }
}
