// The one thin module over @duckdb/node-api: opening a warehouse, running SQL with `$name` parameters,
// quoting identifiers, reading rows as plain JSON values and bulk-loading text rows through the appender.
import { DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';

export interface Warehouse {
  connection: DuckDBConnection;
  /** Run one or more statements; returns nothing. */
  exec(sql: string, params?: Record<string, DuckDBValue>): Promise<void>;
  /** Run a query and return its rows as JSON values (INTEGER/DOUBLE → number, BIGINT → string, DATE → 'YYYY-MM-DD'). */
  all<T = Record<string, unknown>>(sql: string, params?: Record<string, DuckDBValue>): Promise<T[]>;
  /** Run a query and yield its rows chunk by chunk (JSON values as `all` gives them), never holding the whole result. */
  stream<T = Record<string, unknown>>(sql: string, params?: Record<string, DuckDBValue>): AsyncIterable<T[]>;
  /** Bulk-load rows of text (or null) values into an existing table, in column order. */
  appendText(table: string, rows: Iterable<readonly (string | null)[]>): Promise<number>;
  close(): void;
}

/** Open (or create) a warehouse file; `:memory:` for tests. */
export async function openWarehouse(
  path: string,
  options: { threads?: number; memoryLimit?: string; tempDirectory?: string; readOnly?: boolean } = {},
): Promise<Warehouse> {
  const settings: Record<string, string> = {};
  // read-only lets the site build and tests read a warehouse while another process holds it open for reading
  if (options.readOnly) settings.access_mode = 'READ_ONLY';
  if (options.threads) settings.threads = String(options.threads);
  if (options.memoryLimit) settings.memory_limit = options.memoryLimit;
  if (options.tempDirectory) settings.temp_directory = options.tempDirectory;
  const instance = await DuckDBInstance.create(path, settings);
  const connection = await instance.connect();
  return wrap(instance, connection);
}

/** Quote an identifier for SQL (identifiers never travel as parameters). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Quote a string literal for SQL, where DuckDB takes no parameter (ATTACH, COPY … TO, a model's constants). */
export function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function wrap(instance: DuckDBInstance, connection: DuckDBConnection): Warehouse {
  return {
    connection,
    async exec(sql, params) {
      if (params) await connection.run(sql, params);
      else await connection.run(sql);
    },
    async all<T>(sql: string, params?: Record<string, DuckDBValue>) {
      const reader = params ? await connection.runAndReadAll(sql, params) : await connection.runAndReadAll(sql);
      // Lossless JSON: BIGINT/DECIMAL arrive as strings, so API tables use INTEGER/DOUBLE where numbers are meant.
      return reader.getRowObjectsJson() as T[];
    },
    async *stream<T>(sql: string, params?: Record<string, DuckDBValue>) {
      const result = params ? await connection.stream(sql, params) : await connection.stream(sql);
      for await (const rows of result.yieldRowObjectJson()) yield rows as T[];
    },
    async appendText(table, rows) {
      const appender = await connection.createAppender(table);
      let n = 0;
      try {
        for (const row of rows) {
          for (const value of row) {
            if (value === null || value === undefined) appender.appendNull();
            else appender.appendVarchar(value);
          }
          appender.endRow();
          n++;
          // Flush in chunks so a large source never holds all rows in the appender's buffer.
          if (n % 50_000 === 0) appender.flushSync();
        }
        appender.flushSync();
      } finally {
        appender.closeSync();
      }
      return n;
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
