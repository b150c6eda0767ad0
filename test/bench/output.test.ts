// The bench entries' output steps on a fresh clone: each writes below .tmp/, which a fresh clone does not have, so
// each step runs here on an empty tree (without running its benchmark) and must leave its file; every bench file
// either has such a step or writes no result file, and only bench/output.ts writes outside a folder of its own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_TABLES_DB, writeBenchResult, writeEdgeTable, writeSearchTable, writeSoakTable, writeTakeAwayTable } from '../../bench/output.ts';
import { writeSqliteTables } from '../../bench/sqlite-tables.ts';

const BENCH = path.resolve(import.meta.dirname, '..', '..', 'bench');
const hasSqlite = spawnSync('sqlite3', ['--version']).error === undefined;

/** The entries that write result files: the output step each calls, run on an empty `root`; the files it left. */
const WRITERS: Record<string, { step: string; run: (root: string) => Promise<string[]> | string[] }> = {
  'run.ts': { step: 'writeBenchResult', run: (root) => [writeBenchResult({ scale: 0.02 }, root)] }, // make bench
  'edge.ts': { step: 'writeEdgeTable', run: (root) => [writeEdgeTable('| edge |', root)] }, // make bench-edge
  'soak.ts': { step: 'writeSoakTable', run: (root) => [writeSoakTable('| soak |', root)] }, // make bench-soak
  'search.ts': { step: 'writeSearchTable', run: (root) => [writeSearchTable('| search |', root)] }, // make bench-search
  'take-away.ts': { step: 'writeTakeAwayTable', run: (root) => [writeTakeAwayTable('| take-away |', root)] }, // make bench-take-away
  'sqlite-tables.ts': { step: 'writeSqliteTables', run: sqliteTables }, // the Datasette comparison's database
};
/** The bench files that write no result file: they print their figures, or are parts of the entries above. */
// charts.ts writes the charts only into a folder the caller names (CHARTS_OUT); feeds.ts into folders of its own
const PRINTERS = ['bare-node.ts', 'bulk.ts', 'charts.ts', 'cold-start.ts', 'datasette.ts', 'edge-tools.ts', 'feeds.ts', 'gateway.ts', 'output.ts', 'search-fts5-server.ts', 'stage.ts'];

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('each bench entry on a fresh tree', () => {
  it.for(Object.keys(WRITERS))('%s writes its results though .tmp/ does not exist yet', async (entry, { skip }) => {
    if (entry === 'sqlite-tables.ts' && !hasSqlite) skip('the sqlite3 CLI writes that one');
    const root = mkdtempSync(path.join(tmpdir(), 'bench-output-'));
    roots.push(root);
    expect(existsSync(path.join(root, '.tmp'))).toBe(false);
    const files = await WRITERS[entry]!.run(root);
    for (const file of files) {
      expect(file.startsWith(path.join(root, '.tmp') + path.sep), file).toBe(true);
      expect(existsSync(file), file).toBe(true);
    }
  });

  it.each(Object.entries(WRITERS))('%s writes through its output step', (entry, { step }) => {
    expect(readFileSync(path.join(BENCH, entry), 'utf8').includes(`${step}(`), `bench/${entry} calls ${step}`).toBe(true);
  });
});

describe('every bench file', () => {
  it('is an entry with an output step or writes no result file (say which when adding one)', () => {
    const files = readdirSync(BENCH).filter((f) => f.endsWith('.ts')).sort();
    expect(files).toEqual([...Object.keys(WRITERS), ...PRINTERS].sort());
  });

  it('writes only through bench/output.ts, or into a folder it made itself with mkdtempSync', () => {
    const writers = readdirSync(BENCH).filter((f) => f.endsWith('.ts') && f !== 'output.ts').filter((f) => {
      const source = readFileSync(path.join(BENCH, f), 'utf8');
      return /\b(writeFileSync|appendFileSync|createWriteStream|writeFile|appendFile)\(/.test(source) && !source.includes('mkdtempSync(');
    });
    expect(writers).toEqual([]);
  });
});

/** bench/sqlite-tables.ts's step on a one-row export, into the default database path under `root`. */
async function sqliteTables(root: string): Promise<string[]> {
  const exportDir = path.join(root, 'export');
  mkdirSync(path.join(exportDir, 'bulk'), { recursive: true });
  writeFileSync(path.join(exportDir, 'bulk', 'datapackage.json'), JSON.stringify({
    resources: [{ name: 'communications', schema: { fields: [{ name: 'id', type: 'string' }, { name: 'date', type: 'date' }] } }],
  }));
  writeFileSync(path.join(exportDir, 'bulk', 'communications.jsonl'), `${JSON.stringify({ id: 'C1', date: '2020-01-01' })}\n`);
  const db = path.join(root, SQLITE_TABLES_DB);
  expect(await writeSqliteTables(exportDir, db)).toEqual({ communications: 1 });
  return [db];
}
