/** What the start-up lock uses of better-sqlite3 (TypeORM's SQLite driver), which ships no types. */
declare module "better-sqlite3" {
  export default class Database {
    constructor(file: string, options?: { timeout?: number });
    exec(sql: string): this;
    close(): this;
  }
}
