import jwt from "jsonwebtoken";

const ALGORITHM = "HS256";
export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export function issueToken(secret: string, claims: TokenClaims): string {
  return jwt.sign({ ver: claims.tokenVersion }, secret, {
    algorithm: ALGORITHM,
    subject: String(claims.userId),
    expiresIn: TOKEN_LIFETIME_SECONDS,
  });
}

/** Null for anything that is not a well-formed, unexpired token signed by us with HS256. */
export function readToken(secret: string, token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    if (typeof payload === "string" || typeof payload.ver !== "number") return null;
    const userId = Number(payload.sub);
    return Number.isInteger(userId) && userId > 0 ? { userId, tokenVersion: payload.ver } : null;
  } catch {
    return null;
  }
}
