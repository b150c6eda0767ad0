// Last night's loads of unchanged CSV files: copied from the previous warehouse with their quarantine replayed, so
// tonight's tables, counts and quarantine equal a fresh read; a changed file, a file that had a file-level problem
// and a load recorded by other loader code are read again.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../pipeline/db/warehouse.ts';
import { SOURCE_TABLES } from '../../../pipeline/sources/common/tables.ts';
import { loadSources, type SourceSummary } from '../../../pipeline/sources/load-all.ts';
import { cleanup, fixturesRaw, tempDir } from './helpers.ts';

let dir: string;
afterEach(() => cleanup(dir));

/** One night's sources into `<dir>/<name>.duckdb`: the summary, every table's rows in a fixed order and the log. */
async function night(name: string, previous: string | null) {
  const file = path.join(dir, `${name}.duckdb`);
  const wh = await openWarehouse(file);
  const logs: string[] = [];
  try {
    const summary: SourceSummary = await loadSources({ wh, rawDir: path.join(dir, 'raw'), stateDir: path.join(dir, `state-${name}`),
      log: (m) => logs.push(m), previousWarehouse: previous });
    const rows: Record<string, unknown[]> = {};
    for (const table of Object.keys(SOURCE_TABLES)) rows[table] = await wh.all(`select * from ${table} order by all`);
    return { file, summary, rows, logs, copied: logs.filter((l) => l.includes('unchanged since last night: copied')) };
  } finally {
    wh.close();
  }
}

const votes = 'council-voting-record/VW_OPEN_VOTE_2018_2022.csv';

describe('source reuse', () => {
  it('copies unchanged files with their quarantine, and reads a changed or problem file again', async () => {
    dir = tempDir();
    fs.cpSync(fixturesRaw, path.join(dir, 'raw'), { recursive: true });
    const first = await night('a', null);
    expect(first.copied).toEqual([]);
    const second = await night('b', first.file);
    expect(second.copied.some((l) => l.includes(votes))).toBe(true);
    expect(second.copied.length).toBeGreaterThan(5);
    // the contributions file without a recognisable header was a file-level problem: never recorded, read again
    const problem = first.summary.files.find((f) => f.reason.startsWith('no recognised header row'))!.sourceFile;
    expect(second.copied.some((l) => l.includes(problem))).toBe(false);
    expect(second.logs.some((l) => l.includes(problem))).toBe(true);
    expect(second.summary.tables).toEqual(first.summary.tables);
    expect(second.summary.quarantine).toEqual(first.summary.quarantine);
    expect(second.summary.files).toEqual(first.summary.files);
    expect(second.rows).toEqual(first.rows);

    fs.appendFileSync(path.join(dir, 'raw', votes), '2018-2022,Paul,Ainslie,City Council,2019-02-01 10:15 AM,2019.EX2.1,Another item,Adopt Item,Yes,Carried,Majority required\r\n');
    const third = await night('c', second.file);
    expect(third.copied.some((l) => l.includes(votes))).toBe(false);
    expect(third.summary.tables.src_votes__rows).toBe(first.summary.tables.src_votes__rows! + 1);
  });

  it('reads every file again when the previous loads were made by other loader code', async () => {
    dir = tempDir();
    fs.cpSync(fixturesRaw, path.join(dir, 'raw'), { recursive: true });
    const first = await night('a', null);
    const wh = await openWarehouse(first.file);
    await wh.exec("update src_file_loads set code_version = 'another-loader'");
    wh.close();
    const second = await night('b', first.file);
    expect(second.copied).toEqual([]);
    expect(second.rows).toEqual(first.rows);
  });
});
