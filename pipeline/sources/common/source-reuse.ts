// Last night's loads of unchanged files: a CSV file whose bytes (SHA-256) and loader code are the same as when the
// previous warehouse loaded it cleanly is not parsed again; its rows are copied from that warehouse's src table and
// its quarantined records are replayed into tonight's quarantine, so every count, report and excerpt is what a fresh
// read gives. Most of the City's files (past terms' votes, address points) do not change from one night to the next,
// and parsing them was most of the sources stage at City volume (docs/pipeline.md).
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { quoteIdent, quoteLiteral, type Warehouse } from '../../db/warehouse.ts';
import { codeVersion, packageJsonOf } from '../../lib/code-version.ts';
import type { Quarantine, QuarantineEntry } from './quarantine.ts';
import type { SourceTable } from './tables.ts';

/** The bookkeeping table (not published): one row per CSV file loaded without a file-level problem. */
export const FILE_LOADS_TABLE = 'src_file_loads';

const PREVIOUS = 'previous_night';

interface FileLoad {
  sha256: string;
  loaded: number;
  rejected: number;
  quarantined: QuarantineEntry[];
}

export class SourceReuse {
  private constructor(
    private readonly wh: Warehouse,
    /** Loads recorded by the previous warehouse with tonight's loader code, by table and source file. */
    private readonly previous: Map<string, FileLoad>,
    private readonly codeVersion: string,
  ) {}

  /** Create tonight's bookkeeping table and attach the previous warehouse (when it exists and recorded loads). */
  static async open(wh: Warehouse, previousWarehouse: string | null, log: (msg: string) => void): Promise<SourceReuse> {
    const codeVersion = await loaderCodeVersion();
    await wh.exec(`create or replace table ${FILE_LOADS_TABLE} (src_table varchar, source_file varchar, sha256 varchar,
      code_version varchar, loaded integer, rejected integer, quarantined json)`);
    const previous = new Map<string, FileLoad>();
    if (previousWarehouse && existsSync(previousWarehouse)) {
      try {
        await wh.exec(`attach ${quoteLiteral(previousWarehouse)} as ${PREVIOUS} (read_only)`);
        const rows = await wh.all<{ src_table: string; source_file: string } & Omit<FileLoad, 'quarantined'> & { quarantined: string }>(
          `select src_table, source_file, sha256, loaded, rejected, quarantined::varchar as quarantined
           from ${PREVIOUS}.${FILE_LOADS_TABLE} where code_version = $code`, { code: codeVersion });
        for (const r of rows) {
          previous.set(_key(r.src_table, r.source_file), { sha256: r.sha256, loaded: r.loaded, rejected: r.rejected, quarantined: JSON.parse(r.quarantined) });
        }
      } catch (err) {
        // an older warehouse without the table, or one another process holds: every file is read
        log(`sources: last night's loads not reused (${(err as Error).message.split('\n')[0]})`);
      }
    }
    return new SourceReuse(wh, previous, codeVersion);
  }

  /** Copy a file's rows and replay its quarantine when last night loaded the same bytes cleanly; null otherwise.
   *  `sha256` is the file's hash (fileSha256), also what `record` stores. */
  async tryCopy(table: SourceTable, sourceFile: string, sha256: string, quarantine: Quarantine): Promise<{ loaded: number; rejected: number } | null> {
    const load = this.previous.get(_key(table, sourceFile));
    if (!load || load.sha256 !== sha256) return null;
    await this.wh.exec(`insert into ${quoteIdent(table)} select * from ${PREVIOUS}.${quoteIdent(table)} where source_file = $file`, { file: sourceFile });
    const [{ n }] = await this.wh.all<{ n: number }>(`select count(*)::integer as n from ${quoteIdent(table)} where source_file = $file`, { file: sourceFile });
    if (n !== load.loaded) throw new Error(`sources: ${sourceFile}: last night's warehouse holds ${n} rows of it, its load recorded ${load.loaded}`);
    for (const entry of load.quarantined) quarantine.add(entry);
    await this.record(table, sourceFile, { ...load, sha256 });
    return { loaded: load.loaded, rejected: load.rejected };
  }

  /** Remember a clean load for the next night. */
  async record(table: SourceTable, sourceFile: string, load: FileLoad): Promise<void> {
    await this.wh.exec(`insert into ${FILE_LOADS_TABLE} values ($table, $file, $sha, $code, $loaded, $rejected, $quarantined)`, {
      table, file: sourceFile, sha: load.sha256, code: this.codeVersion, loaded: load.loaded, rejected: load.rejected,
      quarantined: JSON.stringify(load.quarantined),
    });
  }

  async close(): Promise<void> {
    await this.wh.exec(`detach database if exists ${PREVIOUS}`);
  }
}

/** SHA-256 of a file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A hash of the loaders' own code (every file under pipeline/sources/, the text decoder they share, the CSV
 *  parser's version): a changed loader reads every file again, since its rows might now differ. */
async function loaderCodeVersion(): Promise<string> {
  const sources = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = (await readdir(sources, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return codeVersion([...files, path.join(sources, '..', 'lib', 'encoding.ts'), packageJsonOf('csv-parse')]);
}

function _key(table: string, sourceFile: string): string {
  return `${table}\0${sourceFile}`;
}
