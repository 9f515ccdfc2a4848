import { randomBytes } from "node:crypto";
import { DataSource, IsNull, LessThan, Repository } from "typeorm";
import { TOKEN_LIFETIME_SECONDS } from "../../auth/tokens";
import { UserSession } from "./user-session.entity";

/** Sign-ins kept server-side, so a token can be retired before it expires. */
export class SessionsService {
  private readonly sessions: Repository<UserSession>;

  constructor(dataSource: DataSource) {
    this.sessions = dataSource.getRepository(UserSession);
  }

  /** Starts a session lasting as long as its token, and drops the user's sessions that have expired. */
  async open(userId: number): Promise<UserSession> {
    const now = new Date();
    await this.sessions.delete({ userId, expiresAt: LessThan(now) });
    const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000);
    return this.sessions.save(this.sessions.create({ id: randomBytes(16).toString("hex"), userId, expiresAt, revokedAt: null }));
  }

  /** Whether the session exists, belongs to the user, and has neither ended nor expired. */
  async isLive(sessionId: string, userId: number): Promise<boolean> {
    const session = await this.sessions.findOneBy({ id: sessionId, userId, revokedAt: IsNull() });
    return session !== null && session.expiresAt.getTime() > Date.now();
  }

  /** Ends one session; its token is refused from the next request on, in every process. */
  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
