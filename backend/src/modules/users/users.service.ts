import { DataSource, Repository } from "typeorm";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "../../auth/passwords";
import { Admission, RateLimit, RateLimiter, RateLimiterFactory } from "../../auth/rate-limiter";
import { Role, SELF_SERVICE_ROLES } from "../../auth/roles";
import { issueToken, readToken } from "../../auth/tokens";
import { MAX_REVENUE_SHARE_BPS } from "../../config";
import { ConflictError, NotFoundError, RateLimitedError, UnauthenticatedError, ValidationError } from "../../common/errors";
import { isUniqueViolation } from "../../common/db-errors";
import * as check from "../../common/validate";
import { User } from "./user.entity";
import { effectiveRevenueShareBps } from "./revenue-share";

/** Ten failures per account in 15 minutes; an IP gets more room, since offices share one. */
const FAILED_LOGINS_PER_ACCOUNT: RateLimit = { name: "login-account", limit: 10, windowMs: 15 * 60 * 1000 };
const FAILED_LOGINS_PER_IP: RateLimit = { name: "login-ip", limit: 50, windowMs: 15 * 60 * 1000 };
const BAD_CREDENTIALS = "Incorrect email or password";

export interface Session {
  accessToken: string;
  user: User;
}

export class UsersService {
  private readonly users: Repository<User>;
  private readonly failuresByIp: RateLimiter;
  private readonly failuresByAccount: RateLimiter;

  constructor(
    dataSource: DataSource,
    private readonly jwtSecret: string,
    private readonly defaultRevenueShareBps: number,
    rateLimiter: RateLimiterFactory,
  ) {
    this.users = dataSource.getRepository(User);
    this.failuresByIp = rateLimiter(FAILED_LOGINS_PER_IP);
    this.failuresByAccount = rateLimiter(FAILED_LOGINS_PER_ACCOUNT);
  }

  async register(input: { fullName?: unknown; email?: unknown; password?: unknown; role?: unknown }): Promise<User> {
    const fullName = check.requiredText("fullName", input.fullName, 120);
    const email = check.email("email", input.email);
    const password = check.password("password", input.password);
    const role = selfServiceRole(input.role);
    if (await this.users.existsBy({ email })) throw new ConflictError("Email already registered");
    try {
      return await this.users.save(this.users.create({ fullName, email, role, passwordHash: await hashPassword(password) }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError("Email already registered");
      throw error;
    }
  }

  /**
   * Failures are limited per IP and per account, and look the same whether or not the account exists.
   * Every attempt counts as a failure until it proves right, so a burst of concurrent guesses
   * cannot all pass the check while the first ones are still being verified.
   */
  async login(input: { email?: unknown; password?: unknown }, ip: string): Promise<Session> {
    const email = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
    const password = typeof input.password === "string" ? input.password : "";
    if (!email) throw new ValidationError("email", "email is required");
    if (!password) throw new ValidationError("password", "password is required");

    const attempt = await this.admitLogin(ip, email);
    // An attempt that could not be checked (the database was away) proved nothing either way.
    const user = await this.userWithPassword(email, password).catch(async (error) => {
      await withdrawAll(attempt);
      throw error;
    });
    if (!user) throw new UnauthenticatedError(BAD_CREDENTIALS);
    await Promise.all([withdrawAll(attempt), this.failuresByAccount.reset(email)]);
    return this.sessionFor(user);
  }

  /** The user a bearer token stands for, or null when it is invalid, expired, or outdated. */
  async userForToken(token: string): Promise<User | null> {
    const claims = readToken(this.jwtSecret, token);
    if (!claims) return null;
    const user = await this.users.findOneBy({ id: claims.userId });
    return user && user.tokenVersion === claims.tokenVersion ? user : null;
  }

  async updateProfile(actor: User, input: { fullName?: unknown }): Promise<User> {
    actor.fullName = check.requiredText("fullName", input.fullName, 120);
    return this.users.save(actor);
  }

  /** A new password retires every token issued before it; the caller gets a fresh one. */
  async changePassword(actor: User, input: { currentPassword?: unknown; newPassword?: unknown }): Promise<Session> {
    const user = await this.users.findOneOrFail({ where: { id: actor.id }, select: credentialColumns });
    const current = typeof input.currentPassword === "string" ? input.currentPassword : "";
    if (!(await verifyPassword(user.passwordHash, current))) {
      throw new ValidationError("currentPassword", "current_password is incorrect");
    }
    const newPassword = check.password("newPassword", input.newPassword);
    await this.users.update(user.id, { passwordHash: await hashPassword(newPassword), tokenVersion: user.tokenVersion + 1 });
    return this.sessionFor(await this.users.findOneByOrFail({ id: user.id }));
  }

  /** Makes sure the configured admin exists with the configured password; safe to run at every start. */
  async ensureAdmin(emailInput: string, password: string): Promise<User> {
    const email = check.email("ADMIN_EMAIL", emailInput);
    check.password("ADMIN_PASSWORD", password);
    const existing = await this.users.findOne({ where: { email }, select: credentialColumns });
    if (!existing) {
      return this.users.save(this.users.create({ email, fullName: "Administrator", role: Role.ADMIN, passwordHash: await hashPassword(password) }));
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

  listPublishers(): Promise<User[]> {
    return this.users.find({ where: { role: Role.PUBLISHER }, order: { id: "DESC" } });
  }

  /** The share of impression revenue a publisher is credited, in basis points. */
  revenueShareBps(publisher: User): number {
    return effectiveRevenueShareBps(publisher.revenueShareBps, this.defaultRevenueShareBps);
  }

  /** Admins raise (or lower) one publisher's share, up to the network's maximum. */
  async setRevenueShare(publisherId: unknown, percentInput: unknown): Promise<User> {
    const id = check.positiveId("publisherId", publisherId);
    const percent = check.integer("percent", percentInput, 1, MAX_REVENUE_SHARE_BPS / 100);
    const publisher = await this.users.findOneBy({ id, role: Role.PUBLISHER });
    if (!publisher) throw new NotFoundError("Publisher");
    publisher.revenueShareBps = percent * 100;
    return this.users.save(publisher);
  }

  count(): Promise<number> {
    return this.users.count();
  }

  /** Counts the attempt against both the IP and the account, or, when either is over its limit, against neither. */
  private async admitLogin(ip: string, email: string): Promise<Admission[]> {
    const admissions = await Promise.all([this.failuresByIp.admit(ip), this.failuresByAccount.admit(email)]);
    const wait = Math.max(...admissions.map((admission) => admission.retryAfterMs));
    if (wait > 0) {
      await withdrawAll(admissions);
      throw new RateLimitedError(`Too many failed login attempts. Try again in ${Math.ceil(wait / 60_000)} minutes.`);
    }
    return admissions;
  }

  /** Takes as long whether or not the account exists, so timing does not tell which e-mails are registered. */
  private async userWithPassword(email: string, password: string): Promise<User | null> {
    const user = await this.users.findOne({ where: { email }, select: credentialColumns });
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDecoy(password);
    return valid ? user : null;
  }

  private sessionFor(user: User): Session {
    return { accessToken: issueToken(this.jwtSecret, { userId: user.id, tokenVersion: user.tokenVersion }), user };
  }
}

const credentialColumns = {
  id: true,
  email: true,
  fullName: true,
  role: true,
  tokenVersion: true,
  revenueShareBps: true,
  passwordHash: true,
  createdAt: true,
  updatedAt: true,
} as const;

async function withdrawAll(admissions: Admission[]): Promise<void> {
  await Promise.all(admissions.map((admission) => admission.withdraw()));
}

function selfServiceRole(value: unknown): Role {
  if (value === undefined || value === null || value === "") return Role.PUBLISHER;
  const role = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!(SELF_SERVICE_ROLES as readonly string[]).includes(role)) {
    throw new ValidationError("role", "Role must be publisher or advertiser");
  }
  return role as Role;
}
