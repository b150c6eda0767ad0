// The part of better-sqlite3's API the FTS5 reference uses (the package ships no types; @types would be one more
// dependency for four methods).
declare module 'better-sqlite3' {
  interface Statement {
    run(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
  }
  class Database {
    constructor(filename: string);
    exec(sql: string): this;
    prepare(sql: string): Statement;
    transaction<F extends (...args: never[]) => unknown>(fn: F): F;
    close(): void;
  }
  export default Database;
}
