import jwt from "jsonwebtoken";

const ALGORITHM = "HS256";
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
  /** The session this token belongs to (jti): revoking it retires the token. */
  sessionId: string;
}

export function issueToken(secret: string, claims: TokenClaims): string {
  return jwt.sign({ ver: claims.tokenVersion }, secret, {
    algorithm: ALGORITHM,
    subject: String(claims.userId),
    jwtid: claims.sessionId,
    expiresIn: TOKEN_LIFETIME_SECONDS,
  });
}

/** Null for anything that is not a well-formed, unexpired token of a session, signed by us with HS256. */
export function readToken(secret: string, token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    if (typeof payload === "string" || typeof payload.ver !== "number" || typeof payload.jti !== "string") return null;
    const userId = Number(payload.sub);
    return Number.isInteger(userId) && userId > 0 ? { userId, tokenVersion: payload.ver, sessionId: payload.jti } : null;
  } catch {
    return null;
  }
}
