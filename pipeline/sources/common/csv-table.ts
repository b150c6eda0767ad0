// The one CSV loader of every source: streams one City CSV into a src table, header found by normalised name (also
// after title/preamble rows), cells cleaned, malformed or keyless rows quarantined, the rest appended batch by batch.
import type { SourceContext } from './source-context.ts';
import { clean } from './clean.ts';
import { readCsv, toHeaderKey } from './csv-records.ts';
import { termFromFileName, toSourceFile } from './files.ts';
import { RowSink } from './row-sink.ts';
import { fileSha256 } from './source-reuse.ts';
import { toRow, type SourceColumn, type SourceTable } from './tables.ts';

/** A row of table T as the loader builds it: cleaned text or null per column (a column no header gave is absent). */
export type CleanRow<T extends SourceTable = SourceTable> = { [C in SourceColumn<T>]?: string | null };

/**
 * How one file layout fills table T. Every column it names (columns, optional, fixed, private, what derive writes,
 * what reject reads) is a column of T as declared in SOURCE_TABLES, so the table's column list is the one
 * declaration: a name the table lacks is a type error, and test/pipeline/sources/source-columns.test.ts checks at
 * run time that the specs and the tables agree both ways.
 */
export interface TableSpec<T extends SourceTable = SourceTable> {
  source: string;
  table: T;
  /** Column → accepted header keys (toHeaderKey form: `REFERENCE_FILE#`, `Reference File` → `referencefile`). */
  columns: { [C in SourceColumn<T>]?: readonly string[] };
  /** Columns a file may lack without a "missing columns" note (WARD_NAME in the active CoA file, Ward for Mayor). */
  optional?: readonly SourceColumn<T>[];
  /** Extra "no value" texts of the file's producer, compared after trimming (R's `NA`). */
  missing?: readonly string[];
  /** Constant columns of the whole file (file_kind, election, layout…). */
  fixed?: CleanRow<T>;
  /** Fill or fix columns from the cleaned row and the cleaned cell under any header key (geometry → lat/long). */
  derive?: (row: CleanRow<T>, cell: (key: string) => string | null) => void;
  /** A reason to quarantine the cleaned row, or null. */
  reject?: (row: CleanRow<T>) => string | null;
  /** Columns that are private: their cells never reach quarantine excerpts (nor logs). */
  private?: readonly SourceColumn<T>[];
  /** A file with a header and no record is normal (the operator's own files: no decisions or groups yet); for the
   *  City's files it means a failed export and is a file-level problem. */
  emptyAllowed?: boolean;
  /** Files a writer appends to record by record, each ending with a line break (the reviewers' decisions): a last
   *  record without one was cut off mid-write, so it is quarantined as torn rather than read with a truncated cell. */
  appendOnly?: boolean;
}

/** A TableSpec, its table's column names checked (the table literal fixes T). */
export function defineTableSpec<T extends SourceTable>(spec: TableSpec<T>): TableSpec<T> {
  return spec;
}

/** For files with rows before the header: the spec for a candidate row's header keys, or null if not the header. */
export interface HeaderSearch {
  source: string;
  /** The one table every layout this search can find writes to. */
  table: SourceTable;
  match: (keys: string[]) => TableSpec | null;
  /** Whether cells of unrecognised files may be quoted in the quarantine (false when files hold private data). */
  quotable: boolean;
}

/** Header-key aliases written as the City spells the headers, folded by toHeaderKey (`'APPLICATION#'` → `application`). */
export function keys(...headers: string[]): string[] {
  return headers.map(toHeaderKey);
}

/**
 * The spec for one file of a per-term dataset: when the file name names a term (`VW_OPEN_VOTE_2022_2026.csv`), the
 * term comes from the name and a `Term` column is neither read nor missed; otherwise the column is the term.
 */
export function withFileTerm(spec: TableSpec, file: string): TableSpec {
  const term = termFromFileName(file);
  if (term === null) return spec;
  const { term: _fromColumn, ...columns } = spec.columns;
  return { ...spec, columns, fixed: { ...spec.fixed, term } };
}

export interface TableLoad {
  loaded: number;
  rejected: number;
}

/** Load one CSV file; `spec` when the first row is the header, a HeaderSearch when title rows may precede it. */
export async function loadCsvTable(ctx: SourceContext, file: string, spec: TableSpec | HeaderSearch): Promise<TableLoad> {
  const sourceFile = toSourceFile(ctx.rawDir, file);
  const { source, table } = spec;
  const reject = (position: number | null, reason: string, excerpt: string) =>
    ctx.quarantine.add({ source, sourceFile, sourcePosition: position, reason, excerpt });
  // a file loaded cleanly last night with the same bytes and loader code: its rows and quarantine are copied
  const sha256 = ctx.reuse ? await fileSha256(file) : null;
  const copied = ctx.reuse && sha256 ? await ctx.reuse.tryCopy(table, sourceFile, sha256, ctx.quarantine) : null;
  if (copied) {
    ctx.log(`${source}: ${sourceFile}: ${copied.loaded} rows, ${copied.rejected} quarantined (unchanged since last night: copied)`);
    return copied;
  }
  const entriesBefore = ctx.quarantine.entries.length;
  const problemsBefore = ctx.quarantine.files.length;
  const match = 'match' in spec ? spec.match : () => spec;
  const quotable = 'match' in spec ? spec.quotable : (spec.private ?? []).length === 0;
  let active: TableSpec | null = null;
  let headerAt = 0;
  let leading = 0;
  let width = 0;
  let indexOf = new Map<string, number>();
  let privateAt = new Set<number>();
  // Column → cell index (-1: absent), fixed once per header so the per-record work is a plain loop.
  let mapping: [string, number][] = [];
  let rejected = 0;

  const takeHeader = (values: string[], position: number): boolean => {
    const keys = values.map(toHeaderKey);
    const found = match(keys);
    if (!found) return false;
    active = found;
    headerAt = position;
    width = values.length;
    indexOf = new Map();
    keys.forEach((k, i) => indexOf.has(k) || indexOf.set(k, i));
    const columns = Object.entries(found.columns) as [string, readonly string[]][];
    const optional: readonly string[] = found.optional ?? [];
    privateAt = new Set((found.private ?? []).flatMap((c) => (found.columns[c] ?? []).map((k) => indexOf.get(k) ?? -1)));
    mapping = columns.map(([c, aliases]) => [c, indexOf.get(aliases.find((k) => indexOf.has(k)) ?? '') ?? -1]);
    const missing = columns
      .filter(([c, aliases]) => !optional.includes(c) && !aliases.some((k) => indexOf.has(k)))
      .map(([, aliases]) => aliases[0]);
    // A renamed column would silently empty a field: say so once per file, and load the rest.
    if (missing.length > 0) reject(null, `missing columns: ${missing.join(', ')}`, values.join(','));
    return true;
  };

  let values: string[] = [];
  let extraMissing: readonly string[] = [];
  const cellAt = (i: number): string | null => {
    const v = i < 0 ? null : clean(values[i]);
    return v !== null && extraMissing.includes(v) ? null : v;
  };
  const cell = (key: string): string | null => cellAt(indexOf.get(key) ?? -1);
  const excerpt = () => values.map((v, i) => (privateAt.has(i) ? '[private]' : v)).join(',');

  let lastAt = 0; // the last record, and whether its width was wrong: with no final line break, a file cut off
  let lastShort = false;
  // appendOnly: each record is held until the next one arrives, so the last can be judged once the file's end is known
  let held: { spec: TableSpec; at: number; values: string[] } | null = null;
  const onRecord = (spec: TableSpec, at: number): void => {
    if (!spec.appendOnly) return useRecord(spec, at);
    const previous = held;
    held = { spec, at, values };
    if (previous) {
      values = previous.values;
      useRecord(previous.spec, previous.at);
    }
  };
  const useRecord = (spec: TableSpec, at: number): void => {
    lastAt = at;
    lastShort = values.length !== width;
    if (values.length !== width) {
      rejected++;
      // With a shifted row any cell may be a private one, so none is quoted.
      const shown = privateAt.size > 0 ? `[${values.length} cells withheld: the file holds private columns]` : excerpt();
      return reject(at, `wrong column count (expected ${width}, got ${values.length})`, shown);
    }
    extraMissing = spec.missing ?? [];
    const row: CleanRow & Record<string, string | null | undefined> = spec.fixed ? { ...spec.fixed } : {};
    for (let c = 0; c < mapping.length; c++) row[mapping[c][0]] = cellAt(mapping[c][1]);
    spec.derive?.(row, cell);
    const reason = spec.reject?.(row) ?? null;
    if (reason) {
      rejected++;
      return reject(at, reason, excerpt());
    }
    row.source_file = sourceFile;
    row.source_position = String(at);
    sink.add(toRow(spec.table, row));
  };

  // The appender is open before reading so records go straight in; the record callback stays synchronous.
  const sink = await RowSink.open(ctx.wh, table);
  let read: Awaited<ReturnType<typeof readCsv>>;
  let loaded = 0;
  try {
    read = await readCsv(file, {
      onHeader(header) {
        if (!takeHeader(header, 0)) leading++;
      },
      onRecord({ position, values: record }) {
        if (active === null) {
          if (!takeHeader(record, position)) leading++;
        } else {
          values = record;
          onRecord(active, position - headerAt);
        }
      },
    });
    const last = held as { spec: TableSpec; at: number; values: string[] } | null;
    if (last) {
      values = last.values;
      // a cut inside a quoted cell is the parser's broken record after this one, quarantined below
      const brokenAfter = (read.broken.at(-1)?.position ?? 0) > last.at + headerAt;
      if (read.endsWithLineBreak || brokenAfter) useRecord(last.spec, last.at);
      else {
        rejected++;
        reject(last.at, 'torn last line: the file does not end with a line break (a write was cut off); record not used', excerpt());
      }
    }
  } finally {
    loaded = sink.close();
  }
  const fileProblem = (reason: string, detail: string) => ctx.quarantine.addFile({ source, sourceFile, reason, rows: loaded, detail });
  for (const b of read.broken) {
    rejected++;
    reject(b.position - headerAt, 'csv parse error; record skipped, reading went on at the next line', quotable ? b.message : '[withheld]');
  }
  if (read.error) fileProblem('csv parse error; rest of file not read', quotable ? read.error.message : '[withheld]');
  if (active === null) {
    fileProblem('no recognised header row; file not read', quotable ? read.header.join(',') : `[${leading} rows withheld]`);
  } else if (loaded + rejected === 0 && !(active as TableSpec).emptyAllowed) {
    fileProblem('no records after the header (an empty export?)', '');
  } else if (!read.endsWithLineBreak && !(active as TableSpec).appendOnly && (lastShort || (read.broken.at(-1)?.position ?? 0) > lastAt + headerAt)) {
    fileProblem('file ends inside its last record (cut off?)', '');
  }
  if (ctx.reuse && sha256 && ctx.quarantine.files.length === problemsBefore) {
    await ctx.reuse.record(table, sourceFile, { sha256, loaded, rejected, quarantined: ctx.quarantine.entries.slice(entriesBefore) });
  }
  const skipped = leading > 0 && active !== null ? `, ${leading} rows before the header skipped` : '';
  ctx.log(`${source}: ${sourceFile}: ${loaded} rows, ${rejected} quarantined, ${read.blank} blank rows skipped${skipped}`);
  return { loaded, rejected };
}
