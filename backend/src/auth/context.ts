import { UnauthenticatedError } from "../common/errors";
import type { Services } from "../services";
import type { OwnerLoader } from "../modules/owners/owner-loader";
import type { User } from "../modules/users/user.entity";
import type { Limitation } from "./limitation";

/** What every request carries, through either door. */
export interface AppContext {
  /** The signed-in user, or null for an anonymous or invalid token. */
  actor: User | null;
  /** The session the bearer token belongs to; null for an anonymous call or an API key. */
  sessionId: string | null;
  /** Set while the account waits for approval or its admin must enrol 2FA: only their own account is open. */
  limitation: Limitation | null;
  /** A read-only API key: queries and REST GETs only. */
  readOnly: boolean;
  ip: string;
  /** Origin of this request, used where a public URL is needed and none is configured. */
  /** The origin ad tags and tracking links point at. */
  origin: string;
  services: Services;
  /** This request's owners of what it lists. */
  owners: OwnerLoader;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match ? match[1] : null;
}

/** The session of a signed-in call. */
export function sessionIdOf(context: AppContext): string {
  if (!context.sessionId) throw new UnauthenticatedError();
  return context.sessionId;
}

/** The signed-in user of a call whose access rule has already admitted it. */
export function actorOf(context: AppContext): User {
  if (!context.actor) throw new UnauthenticatedError();
  return context.actor;
}
