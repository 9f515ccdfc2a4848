import { RateLimitedError } from "../common/errors";
import { Admission, RateLimit, RateLimiter, RateLimiterFactory } from "./rate-limiter";

/** Failed sign-ins that filled a limit: on one account from one address, or from one address in all. */
export interface FailedSignInBurst {
  account: string;
  ip: string;
  failures: number;
  scope: "account" | "address";
}

const pairKey = (account: string, ip: string) => `${account} ${ip}`;

const WINDOW_MS = 15 * 60 * 1000;
/** Ten failures from one address on one account in 15 minutes, then that pair waits. */
const FAILURES_PER_PAIR: RateLimit = { name: "login-pair", limit: 10, windowMs: WINDOW_MS };
/** An address trying many accounts; more room than a pair, since offices share one. */
const FAILURES_PER_IP: RateLimit = { name: "login-ip", limit: 50, windowMs: WINDOW_MS };
/** Every failure on an account, from anywhere; only read for the delay, so its limit is never the one that stops. */
const FAILURES_PER_ACCOUNT: RateLimit = { name: "login-account", limit: 10_000, windowMs: WINDOW_MS };
/** Addresses that proved the password recently: the owner's own, which no stranger's failures slow down. */
const KNOWN_ADDRESSES: RateLimit = { name: "login-known", limit: 1, windowMs: 30 * 24 * 3600 * 1000 };

/** Failures elsewhere an address may see on an account before its attempts are spaced out. */
const FREE_FAILURES_ELSEWHERE = 5;
const MAX_DELAY_MS = 15 * 60 * 1000;

/** How long after the latest failure an unknown address waits, doubling with each failure from elsewhere. */
function accountDelayMs(failuresElsewhere: number): number {
  if (failuresElsewhere < FREE_FAILURES_ELSEWHERE) return 0;
  return Math.min(MAX_DELAY_MS, 1000 * 2 ** (failuresElsewhere - FREE_FAILURES_ELSEWHERE));
}

/**
 * Password guesses without lock-out (OWASP's authentication advice): failures stop the pair of
 * account and address hard, and an address trying many accounts; failures on an account from
 * other addresses only space out the attempts of addresses that have not signed in to it lately,
 * with delays that double. So someone hammering an account cannot keep its owner out: the owner's
 * own address is never slowed by a stranger's failures, and a new one waits, never for good.
 * Every attempt counts as a failure until it proves right, so a burst of concurrent guesses cannot
 * all pass the check while the first ones are still being verified.
 */
export class LoginThrottle {
  private readonly pairs: RateLimiter;
  private readonly ips: RateLimiter;
  private readonly accounts: RateLimiter;
  private readonly known: RateLimiter;

  constructor(
    limiter: RateLimiterFactory,
    /** Told once per burst: when failures from one address on one account, or from one address in all, reach the limit. */
    private readonly onBurst: (burst: FailedSignInBurst) => Promise<void> = async () => undefined,
  ) {
    this.pairs = limiter(FAILURES_PER_PAIR);
    this.ips = limiter(FAILURES_PER_IP);
    this.accounts = limiter(FAILURES_PER_ACCOUNT);
    this.known = limiter(KNOWN_ADDRESSES);
  }

  /**
   * Runs `check` (the password check) unless this attempt must wait; a check that proves right
   * takes the attempt back off every count. A check that throws proved nothing either way.
   */
  async attempt<T>(account: string, ip: string, check: () => Promise<T | null>): Promise<T | null> {
    const pair = pairKey(account, ip);
    const admissions = await this.admit(account, ip, pair);
    let result: T | null;
    try {
      result = await check();
    } catch (error) {
      await withdrawAll(admissions);
      throw error;
    }
    if (result !== null) {
      await Promise.all([withdrawAll(admissions), this.pairs.reset(pair), this.rememberPair(pair)]);
    } else {
      await this.reportBurst(account, ip, pair);
    }
    return result;
  }

  /** The failure that fills a limit is the one reported: the refused attempts after it are not. */
  private async reportBurst(account: string, ip: string, pair: string): Promise<void> {
    const [fromPair, fromIp] = await Promise.all([this.pairs.history(pair), this.ips.history(ip)]);
    if (fromPair.count === FAILURES_PER_PAIR.limit) await this.onBurst({ account, ip, failures: fromPair.count, scope: "account" });
    else if (fromIp.count === FAILURES_PER_IP.limit) await this.onBurst({ account, ip, failures: fromIp.count, scope: "address" });
  }

  /** The address that registered an account is its owner's. */
  rememberOwner(account: string, ip: string): Promise<void> {
    return this.rememberPair(pairKey(account, ip));
  }

  /** Known for 30 days from the latest proof, not the first. */
  private async rememberPair(pair: string): Promise<void> {
    await this.known.reset(pair);
    await this.known.admit(pair);
  }

  private async admit(account: string, ip: string, pair: string): Promise<Admission[]> {
    const hard = await Promise.all([this.ips.admit(ip), this.pairs.admit(pair)]);
    const hardWait = Math.max(...hard.map((admission) => admission.retryAfterMs));
    if (hardWait > 0) {
      await withdrawAll(hard);
      throw new RateLimitedError(`Too many failed login attempts. Try again in ${Math.ceil(hardWait / 60_000)} minutes.`);
    }
    const delayWait = await this.delayFor(account, pair);
    if (delayWait > 0) {
      await withdrawAll(hard);
      throw new RateLimitedError(`Too many failed sign-ins on this account from elsewhere. Try again in ${Math.ceil(delayWait / 1000)} seconds.`);
    }
    return [...hard, await this.accounts.admit(account)];
  }

  private async delayFor(account: string, pair: string): Promise<number> {
    const [known, onAccount, fromHere] = await Promise.all([this.known.history(pair), this.accounts.history(account), this.pairs.history(pair)]);
    if (known.count > 0 || onAccount.latestAt === null) return 0;
    // This attempt is already counted against the pair, not yet against the account.
    const elsewhere = onAccount.count - (fromHere.count - 1);
    return onAccount.latestAt + accountDelayMs(elsewhere) - Date.now();
  }
}

async function withdrawAll(admissions: Admission[]): Promise<void> {
  await Promise.all(admissions.map((admission) => admission.withdraw()));
}
