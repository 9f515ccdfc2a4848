import { DataSource, In, Repository } from "typeorm";
import { type ListInputFields, listRequest, type Page, pageOf } from "../../common/list-page";
import { namesByIds } from "../../common/names";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../../auth/passwords";
import { LoginThrottle } from "../../auth/login-throttle";
import { RateLimit, RateLimiter, RateLimiterFactory } from "../../auth/rate-limiter";
import { Role, SELF_SERVICE_ROLES } from "../../auth/roles";
import { issueToken, readToken } from "../../auth/tokens";
import { MAX_REVENUE_SHARE_BPS, MIN_REVENUE_SHARE_BPS } from "../../config";
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError, UnauthenticatedError, ValidationError } from "../../common/errors";
import type { Limitation } from "../../auth/limitation";
import { AuditAction } from "../audit/audit-actions";
import type { AuditService } from "../audit/audit.service";
import type { TwoFactorService } from "../two-factor/two-factor.service";
import { AccountStatus } from "./account-status";
import { quietUserUpdate } from "./quiet-update";
import { isUniqueViolation } from "../../common/db-errors";
import { MAX_LENGTH } from "../../common/text-limits";
import * as check from "../../common/validate";
import { SessionsService } from "./sessions.service";
import { LEGAL_VERSIONS } from "./legal-terms";
import { User } from "./user.entity";
import { effectiveRevenueShareBps } from "./revenue-share";
import { choosablePassword } from "../../auth/password-policy";

/** Accounts one address may register in an hour, unless REGISTRATIONS_PER_IP_PER_HOUR says otherwise. */
const registrationsPerIp = (limit: number): RateLimit => ({ name: "register-ip", limit, windowMs: 60 * 60 * 1000 });
const BAD_CREDENTIALS = "Incorrect email or password";

/** Where a sign-in stands: done, or waiting for a code. */
export enum SignInStep {
  /** Signed in: the access token works (an account waiting for approval sees only its own). */
  DONE = "done",
  /** The password was right; trade the challenge token and a code for a session. */
  TWO_FACTOR_CODE = "two_factor_code",
  /** Signed in, but an admin must enrol two-factor sign-in before anything else. */
  TWO_FACTOR_ENROLMENT = "two_factor_enrolment",
}

/** The sign-up form, as either door received it. */
export interface RegistrationInput {
  fullName?: unknown;
  email?: unknown;
  password?: unknown;
  role?: unknown;
  /** Must be true: the person ticked that they accept the current LEGAL_VERSIONS. */
  acceptTerms?: unknown;
}

export interface Session {
  /** Null while a two-factor code is awaited. */
  accessToken: string | null;
  user: User;
  step: SignInStep;
  challengeToken?: string | null;
}

/** Who a bearer token or API key stands for. */
export interface Authentication {
  user: User;
  /** The session of a token; null for an API key. */
  sessionId: string | null;
  limitation: Limitation | null;
  readOnly: boolean;
}

/** Who an API key stands for: the api-keys module answers, wired in the composition root. */
export interface ApiKeyAuthenticator {
  /** Whether a bearer token is an API key rather than a session token. */
  recognizes(token: string): boolean;
  /** The live key this secret is, or null. */
  authenticate(secret: string): Promise<{ userId: number; readOnly: boolean } | null>;
}

export interface AccountPolicies {
  twoFactor: TwoFactorService;
  apiKeys: ApiKeyAuthenticator;
  audit: AuditService;
  /** ACCOUNT_APPROVAL=manual: new accounts wait for an admin. */
  manualApproval: boolean;
}

export class UsersService {
  private readonly users: Repository<User>;
  private readonly throttle: LoginThrottle;
  private readonly registrations: RateLimiter;
  /** Told of each new account once it is saved (its verification e-mail); they must not throw. */
  private readonly registeredListeners: ((user: User) => Promise<void>)[] = [];

  constructor(
    dataSource: DataSource,
    private readonly jwtSecret: string,
    /** Publishers' share unless an admin set theirs (REVENUE_SHARE_PERCENT). */
    readonly defaultRevenueShareBps: number,
    rateLimiter: RateLimiterFactory,
    private readonly sessions: SessionsService,
    registrationsPerIpPerHour: number,
    private readonly policies: AccountPolicies,
  ) {
    this.users = dataSource.getRepository(User);
    // Recorded before the failed attempt answers; a failed write must not turn a 401 into a 500.
    this.throttle = new LoginThrottle(rateLimiter, (burst) =>
      policies.audit
        .record({ action: AuditAction.FAILED_SIGN_IN_BURST, actor: null, ip: burst.ip, after: { account: burst.account, failures: burst.failures, from: burst.scope } })
        .then(() => undefined, () => undefined),
    );
    this.registrations = rateLimiter(registrationsPerIp(registrationsPerIpPerHour));
  }

  onRegistered(listener: (user: User) => Promise<void>): void {
    this.registeredListeners.push(listener);
  }

  /** What each of these is called in reports. */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return namesByIds(this.users, ids, (user) => user.fullName);
  }

  /** Signs the new account in, so nobody types the password they just chose a second time. */
  async register(input: RegistrationInput, ip: string): Promise<Session> {
    return this.signedIn(await this.createAccount(input, ip));
  }

  /**
   * Limited per address; a form with mistakes, or for an address already registered, does not count against the limit.
   * `emailVerified` is for addresses the operator vouches for (the demo's): they are sent no verification link.
   */
  async createAccount(input: RegistrationInput, ip: string, { emailVerified = false } = {}): Promise<User> {
    const fullName = check.requiredText("fullName", input.fullName, MAX_LENGTH.name);
    const email = check.email("email", input.email);
    const password = choosablePassword("password", input.password, { email, fullName });
    const role = selfServiceRole(input.role);
    if (input.acceptTerms !== true) throw new ValidationError("acceptTerms", "Accept the Terms of Service and the Privacy Policy to create an account");
    const admission = await this.registrations.admit(ip);
    if (admission.retryAfterMs > 0) {
      throw new RateLimitedError(`Too many accounts registered from your address. Try again in ${Math.ceil(admission.retryAfterMs / 60_000)} minutes.`);
    }
    const taken = new ConflictError("Email already registered: sign in instead, or use another address", "email");
    try {
      if (await this.users.existsBy({ email })) throw taken;
      const user = await this.users.save(
        this.users.create({
          fullName,
          email,
          role,
          passwordHash: await hashPassword(password),
          status: this.policies.manualApproval ? AccountStatus.PENDING_APPROVAL : AccountStatus.ACTIVE,
          emailVerifiedAt: emailVerified ? new Date() : null,
          termsVersion: LEGAL_VERSIONS.termsOfService,
          privacyPolicyVersion: LEGAL_VERSIONS.privacyPolicy,
          termsAcceptedAt: new Date(),
        }),
      );
      await this.throttle.rememberOwner(email, ip);
      for (const listener of this.registeredListeners) await listener(user);
      return user;
    } catch (error) {
      await admission.withdraw();
      if (isUniqueViolation(error)) throw taken;
      throw error;
    }
  }

  /** Failures look the same whether or not the account exists; LoginThrottle decides who must wait. */
  async login(input: { email?: unknown; password?: unknown }, ip: string): Promise<Session> {
    if (check.isBlank(input.email)) throw new ValidationError("email", "Email is required");
    if (check.isBlank(input.password)) throw new ValidationError("password", "Password is required");
    const email = check.email("email", input.email);
    const password = typeof input.password === "string" ? input.password : "";
    const user = await this.throttle.attempt(email, ip, () => this.userWithPassword(email, password));
    if (!user) throw new UnauthenticatedError(BAD_CREDENTIALS);
    // Only once the password proved right does the answer say anything about the account.
    assertMaySignIn(user);
    if (user.twoFactorEnabledAt) {
      return { accessToken: null, user, step: SignInStep.TWO_FACTOR_CODE, challengeToken: this.policies.twoFactor.issueChallenge(user) };
    }
    return this.signedIn(user);
  }

  /** The sign-in's second step: the challenge from the password step and a TOTP or recovery code. */
  async completeTwoFactorSignIn(input: { challengeToken?: unknown; code?: unknown }, ip: string): Promise<Session> {
    const challenge = this.policies.twoFactor.readChallenge(input.challengeToken);
    const expired = new ValidationError("challengeToken", "This sign-in has expired: enter your e-mail and password again");
    if (!challenge) throw expired;
    const user = await this.users.findOneBy({ id: challenge.userId });
    if (!user || user.tokenVersion !== challenge.tokenVersion || !user.twoFactorEnabledAt) throw expired;
    assertMaySignIn(user);
    await this.policies.twoFactor.verifySignIn(user, input.code, ip);
    return this.signedIn(user);
  }

  /**
   * Who a bearer token or API key stands for, or null when it is invalid, expired, outdated, revoked,
   * its session has ended, or its account is suspended. Read on every request from the database,
   * so a suspension or a revocation holds at once in every process.
   */
  async authenticate(token: string): Promise<Authentication | null> {
    if (this.policies.apiKeys.recognizes(token)) {
      const apiKey = await this.policies.apiKeys.authenticate(token);
      const user = apiKey ? await this.users.findOneBy({ id: apiKey.userId }) : null;
      if (!apiKey || !user || user.status === AccountStatus.SUSPENDED) return null;
      return { user, sessionId: null, limitation: this.limitationOf(user), readOnly: apiKey.readOnly };
    }
    const claims = readToken(this.jwtSecret, token);
    if (!claims) return null;
    const [user, live] = await Promise.all([this.users.findOneBy({ id: claims.userId }), this.sessions.isLive(claims.sessionId, claims.userId)]);
    if (!user || !live || user.tokenVersion !== claims.tokenVersion || user.status === AccountStatus.SUSPENDED) return null;
    return { user, sessionId: claims.sessionId, limitation: this.limitationOf(user), readOnly: false };
  }

  /** What a signed-in account may not do yet: wait for approval, or (an admin) enrol two-factor sign-in. */
  limitationOf(user: User): Limitation | null {
    if (user.status === AccountStatus.PENDING_APPROVAL) return "pending_approval";
    if (!user.twoFactorEnabledAt && this.policies.twoFactor.isRequiredFor(user)) return "two_factor_enrolment";
    return null;
  }

  /** Ends the caller's session only: the token stops working, the user's other sessions go on. */
  logout(sessionId: string): Promise<void> {
    return this.sessions.revoke(sessionId);
  }

  async updateProfile(actor: User, input: { fullName?: unknown }): Promise<User> {
    actor.fullName = check.requiredText("fullName", input.fullName, MAX_LENGTH.name);
    return this.users.save(actor);
  }

  /** The address the account's invoices are made out to, from the next one issued; blank takes it away. */
  async setBillingAddress(actor: User, address: unknown): Promise<User> {
    actor.billingAddress = check.isBlank(address) ? null : check.requiredText("billingAddress", address, MAX_LENGTH.billingAddress);
    return this.users.save(actor);
  }

  /** A new password retires every token issued before it; the caller gets a fresh one. */
  async changePassword(actor: User, input: { currentPassword?: unknown; newPassword?: unknown }, ip: string): Promise<Session> {
    const user = await this.users.findOneOrFail({ where: { id: actor.id }, select: credentialColumns });
    const current = typeof input.currentPassword === "string" ? input.currentPassword : "";
    // A wrong current password is a guess at the account's password like a failed login, and counts as one.
    const proved = await this.throttle.attempt(user.email, ip, async () => ((await verifyPassword(user.passwordHash, current)) ? true : null));
    if (!proved) throw new ValidationError("currentPassword", "Your current password is incorrect");
    const newPassword = choosablePassword("newPassword", input.newPassword, { email: user.email, fullName: user.fullName });
    await this.users.update(user.id, { passwordHash: await hashPassword(newPassword), tokenVersion: user.tokenVersion + 1 });
    return this.sessionFor(await this.users.findOneByOrFail({ id: user.id }));
  }

  /** Makes sure the configured admin exists with the configured password; safe to run at every start. */
  async ensureAdmin(emailInput: string, password: string): Promise<User> {
    const email = check.email("ADMIN_EMAIL", emailInput);
    choosablePassword("ADMIN_PASSWORD", password, { email, fullName: "Administrator" });
    const existing = await this.users.findOne({ where: { email }, select: credentialColumns });
    if (!existing) {
      // The operator configured this address: it counts as verified.
      return this.users.save(
        this.users.create({ email, fullName: "Administrator", role: Role.ADMIN, passwordHash: await hashPassword(password), emailVerifiedAt: new Date() }),
      );
    }
    const passwordMatches = await verifyPassword(existing.passwordHash, password);
    if (existing.role !== Role.ADMIN || !passwordMatches) {
      await this.users.update(existing.id, {
        role: Role.ADMIN,
        ...(passwordMatches ? {} : { passwordHash: await hashPassword(password), tokenVersion: existing.tokenVersion + 1 }),
      });
    }
    return this.users.findOneByOrFail({ id: existing.id });
  }

  /** The admins' list of publishers: by name or e-mail, newest first. */
  publisherPage(input?: ListInputFields): Promise<Page<User>> {
    const query = this.users.createQueryBuilder("account").where("account.role = :role", { role: Role.PUBLISHER });
    return pageOf(query, listRequest(input), { search: ["account.fullName"], folded: ["account.email"], id: "account.id" });
  }

  /** The share of impression revenue a publisher is credited, in basis points. */
  revenueShareBps(publisher: User): number {
    return effectiveRevenueShareBps(publisher.revenueShareBps, this.defaultRevenueShareBps);
  }

  /** Admins raise (or lower) one publisher's share, up to the network's maximum. */
  async setRevenueShare(publisherId: unknown, percentInput: unknown): Promise<User> {
    const id = check.positiveId("publisherId", publisherId);
    const percent = check.integer("percent", percentInput, MIN_REVENUE_SHARE_BPS / 100, MAX_REVENUE_SHARE_BPS / 100);
    const publisher = await this.users.findOneBy({ id, role: Role.PUBLISHER });
    if (!publisher) throw new NotFoundError("Publisher");
    const before = publisher.revenueShareBps;
    publisher.revenueShareBps = percent * 100;
    const saved = await this.users.save(publisher);
    await this.policies.audit.record({
      action: AuditAction.REVENUE_SHARE_SET,
      target: { type: "user", id: publisher.id },
      before: { revenueSharePercent: before === null ? null : before / 100 },
      after: { revenueSharePercent: percent },
    });
    return saved;
  }

  count(): Promise<number> {
    return this.users.count();
  }

  /** The accounts with these ids, in one query whatever their number. */
  async byIds(ids: number[]): Promise<Map<number, User>> {
    const users = ids.length === 0 ? [] : await this.users.findBy({ id: In(ids) });
    return new Map(users.map((user) => [user.id, user]));
  }

  /** Takes as long whether or not the account exists, so timing does not tell which e-mails are registered. */
  private async userWithPassword(email: string, password: string): Promise<User | null> {
    const user = await this.users.findOne({ where: { email }, select: credentialColumns });
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDecoy(password);
    return valid ? user : null;
  }

  private async sessionFor(user: User): Promise<Session> {
    const session = await this.sessions.open(user.id);
    const accessToken = issueToken(this.jwtSecret, { userId: user.id, tokenVersion: user.tokenVersion, sessionId: session.id });
    return { accessToken, user, step: this.limitationOf(user) === "two_factor_enrolment" ? SignInStep.TWO_FACTOR_ENROLMENT : SignInStep.DONE };
  }

  /** A completed sign-in: a session, the time admins see as the last sign-in, and the one before it (none on a first visit). */
  private async signedIn(user: User): Promise<Session> {
    user.previousLoginAt = user.lastLoginAt ?? null;
    user.lastLoginAt = new Date();
    await quietUserUpdate(this.users, user.id, { lastLoginAt: user.lastLoginAt, previousLoginAt: user.previousLoginAt });
    return this.sessionFor(user);
  }
}

const credentialColumns = {
  id: true,
  email: true,
  fullName: true,
  billingAddress: true,
  role: true,
  tokenVersion: true,
  revenueShareBps: true,
  emailVerifiedAt: true,
  passwordHash: true,
  status: true,
  suspensionReason: true,
  identityVerifiedAt: true,
  lastLoginAt: true,
  previousLoginAt: true,
  termsVersion: true,
  privacyPolicyVersion: true,
  termsAcceptedAt: true,
  twoFactorEnabledAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** A suspended account is told why; any other status may sign in. */
function assertMaySignIn(user: User): void {
  if (user.status === AccountStatus.SUSPENDED) {
    throw new ForbiddenError(`Your account is suspended${user.suspensionReason ? `: ${user.suspensionReason}` : ""}. Contact support if you think this is a mistake.`);
  }
}

function selfServiceRole(value: unknown): Role {
  if (value === undefined || value === null || value === "") return Role.PUBLISHER;
  const role = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!(SELF_SERVICE_ROLES as readonly string[]).includes(role)) {
    throw new ValidationError("role", "Role must be publisher or advertiser");
  }
  return role as Role;
}
