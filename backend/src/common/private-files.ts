import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";

/**
 * The embedded database and the generated signing secret are the whole network's accounts and
 * money: only the account the server runs as may read them. Modes are set on existing files too,
 * since a data directory made by an earlier version may be world-readable.
 */
export function privateDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}

/** Creates the file empty when missing, and makes it readable by its owner only. */
export function privateFile(path: string): void {
  closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
}
