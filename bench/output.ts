// Where the bench entries write their results, and the one writer they write through: below .tmp/, which a fresh
// clone does not have, so each file's folders are made first. Each entry's output step is a function here, taking the
// root it writes under (the working folder by default), so test/bench/output.test.ts runs it on an empty tree
// without running a benchmark.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** `relPath` resolved under `root`, its folders made; the absolute path (for a file another program writes). */
export function benchOutputPath(relPath: string, root = process.cwd()): string {
  const file = path.resolve(root, relPath);
  mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

/** Write `text` to `relPath` under `root`, its folders made first; the absolute path written. */
export function writeBenchOutput(relPath: string, text: string, root?: string): string {
  const file = benchOutputPath(relPath, root);
  writeFileSync(file, text);
  return file;
}

/** bench/run.ts's folder at one scale: the city, state, warehouse and site it builds, and bench.json. */
export function benchRunDir(scale: number): string {
  return path.join('.tmp', `bench-${scale}`);
}

/** bench/run.ts's output step: every figure of the run, in bench.json of its folder. */
export function writeBenchResult(result: { scale: number }, root?: string): string {
  return writeBenchOutput(path.join(benchRunDir(result.scale), 'bench.json'), JSON.stringify(result, null, 2), root);
}

/** bench/edge.ts's output step (`make bench-edge`): the edge table, as printed. */
export function writeEdgeTable(table: string, root?: string): string {
  return writeBenchOutput(path.join('.tmp', 'bench-edge.md'), `${table}\n`, root);
}

/** bench/take-away.ts's output step (`make bench-take-away`): the whole-answer table, as printed. */
export function writeTakeAwayTable(table: string, root?: string): string {
  return writeBenchOutput(path.join('.tmp', 'bench-take-away.md'), `${table}\n`, root);
}

/** bench/search.ts's output step (`make bench-search`): the search table, as printed. */
export function writeSearchTable(table: string, root?: string): string {
  return writeBenchOutput(path.join('.tmp', 'bench-search.md'), `${table}\n`, root);
}

/** bench/soak.ts's output step (`make bench-soak`): the soak table, as printed. */
export function writeSoakTable(table: string, root?: string): string {
  return writeBenchOutput(path.join('.tmp', 'bench-soak.md'), `${table}\n`, root);
}

/** bench/sqlite-tables.ts's database when no path is given (the Datasette comparison serves it). */
export const SQLITE_TABLES_DB = path.join('.tmp', 'bench-tables.db');
