/** True for a unique-key violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === "ER_DUP_ENTRY" || code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(message ?? "");
}

/**
 * True when a transaction lost a race it may win if run again: a MySQL deadlock, or on SQLite a
 * write lock another connection (the writer thread) held past the busy timeout, or took after this
 * transaction had read (SQLITE_BUSY_SNAPSHOT, which fails at once: SQLite cannot move a reader's
 * snapshot forward under it).
 */
export function isLostRace(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: string };
  return code === "ER_LOCK_DEADLOCK" || code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT";
}
