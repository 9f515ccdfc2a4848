/** What the start-up lock and the backup use of better-sqlite3 (TypeORM's SQLite driver), which ships no types. */
declare module "better-sqlite3" {
  export default class Database {
    constructor(file: string, options?: { timeout?: number; readonly?: boolean; fileMustExist?: boolean });
    exec(sql: string): this;
    prepare(sql: string): { all(...params: unknown[]): unknown[] };
    /** Copies the database, consistently, while others read and write it (SQLite's online backup API). */
    backup(destination: string, options?: { progress?: (progress: { totalPages: number; remainingPages: number }) => number }): Promise<unknown>;
    close(): this;
  }
}
