import argon2 from "argon2";

/** OWASP's argon2id baseline: 19 MiB of memory, two passes. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so a login cannot tell whether an account exists. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword("decoy-password-for-timing");
  await verifyPassword(await decoyHash, password);
  return false;
}
