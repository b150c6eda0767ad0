// The import graph keeps the layout honest: the nightly pipeline never reaches the sample generator or the offline
// link fitting (they are tools beside the night: the night reads the fitted models as data), no two folders import
// each other even through others, the contract (api/) imports nothing else of the project and does no I/O, the export
// module (export/) imports only the contract and the configuration, build/ writes and gateway/ reads through it and
// they do not import each other; and the graph helper itself finds every kind of import, including computed ones, so a new edge
// cannot hide from these assertions.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importChain, importGraph, packageImports, reachableFrom } from './import-graph.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const graph = importGraph(root);
const OFF_THE_NIGHT = ['sample/', 'links-fitting/'];
/** Node built-ins that reach files, the network, other processes or compression. */
const IO_MODULES = /^(node:)?(fs|fs\/promises|zlib|net|http|https|http2|dgram|tls|dns|child_process|cluster|worker_threads|stream|readline)$/;

describe('the nightly path', () => {
  it('reaches neither sample/ nor links-fitting/ from pipeline/run.ts', () => {
    const reached = [...reachableFrom(graph, 'pipeline/run.ts')].filter((f) => OFF_THE_NIGHT.some((d) => f.startsWith(d)));
    expect(reached.map((f) => importChain(graph, 'pipeline/run.ts', f).join(' → '))).toEqual([]);
  });

  it('no file under pipeline/ reaches them either (loaders and helpers the entry may not import yet included)', () => {
    const offenders = [...graph.keys()].filter((f) => f.startsWith('pipeline/')).flatMap((from) =>
      [...reachableFrom(graph, from)].filter((f) => OFF_THE_NIGHT.some((d) => f.startsWith(d))).map((to) => importChain(graph, from, to).join(' → ')));
    expect(offenders).toEqual([]);
  });

  it('follows the models loaded by file name and the link-model files the night reads', () => {
    const reached = reachableFrom(graph, 'pipeline/run.ts');
    expect(reached).toContain('pipeline/models/links/int_link_scores.ts'); // pipeline/lib/models.ts, computed import()
    expect(reached).toContain('pipeline/links/model-file.ts');
    expect(reached).toContain('config/resolve.ts');
  });
});

/** The folder graph: an edge from a file's folder to each imported file's folder (a folder and its subfolders are
 *  separate nodes; imports inside one folder are no edge). */
function folderGraph(files: ReadonlyMap<string, ReadonlySet<string>>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [from, tos] of files) {
    for (const to of tos) {
      const a = path.dirname(from);
      const b = path.dirname(to);
      if (a !== b) (folders.get(a) ?? folders.set(a, new Set()).get(a)!).add(b);
    }
  }
  return folders;
}

/** Every cycle's folders (strongly connected components of more than one folder), by Tarjan's algorithm. */
function folderCycles(g: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of new Set([...g.keys(), ...[...g.values()].flatMap((s) => [...s])])) if (!index.has(v)) visit(v);
  return cycles;
}

/** Imports from files under `from` into files under `into`, as `a → b` lines. */
function importsBetween(from: string, into: (file: string) => boolean): string[] {
  return [...graph].filter(([f]) => f.startsWith(from)).flatMap(([f, tos]) => [...tos].filter(into).map((t) => `${f} → ${t}`));
}

describe('the layout', () => {
  it('has no cycle between folders (a folder and its subfolders counted apart)', () => {
    expect(folderCycles(folderGraph(graph))).toEqual([]);
  });

  it('keeps the contract (api/) free of every other part of the project', () => {
    expect(importsBetween('api/', (f) => !f.startsWith('api/'))).toEqual([]);
  });

  it('keeps the contract (api/) free of I/O: no file system, compression, network or process module', () => {
    const io = [...packageImports(root, 'api/')].flatMap(([file, names]) => [...names].filter((n) => IO_MODULES.test(n)).map((n) => `${file} → ${n}`));
    expect(io).toEqual([]);
  });

  it('lets the export module (export/) import only the contract (api/) and the configuration (config/)', () => {
    expect(importsBetween('export/', (f) => !/^(export|api|config)\//.test(f))).toEqual([]);
  });

  it('has build/ write and gateway/ read an export through export/', () => {
    expect(importsBetween('build/', (f) => f.startsWith('export/')).length).toBeGreaterThan(0);
    expect(importsBetween('gateway/', (f) => f.startsWith('export/')).length).toBeGreaterThan(0);
  });

  it('lets build/ and gateway/ depend on the contract but not on each other', () => {
    expect(importsBetween('build/', (f) => f.startsWith('gateway/'))).toEqual([]);
    expect(importsBetween('gateway/', (f) => f.startsWith('build/') || f.startsWith('pipeline/') || f.startsWith('sample/'))).toEqual([]);
    expect(importsBetween('gateway/', (f) => f.startsWith('api/')).length).toBeGreaterThan(0);
  });

  it('finds a folder cycle when there is one', () => {
    const g = new Map([['a/x.ts', new Set(['a/b/y.ts'])], ['a/b/y.ts', new Set(['a/z.ts'])], ['c/w.ts', new Set(['a/x.ts'])]]);
    expect(folderCycles(folderGraph(g))).toEqual([['a', 'a/b']]);
  });
});

describe('importGraph on a tiny project', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('a.ts', [
    "import { b } from './b.ts';",
    "import type {\n  C,\n} from './lib/c.ts';",
    "export { d } from './d.ts';",
    "import './side.ts';",
    "import { readFileSync } from 'node:fs';",
    "// import { nope } from './commented.ts';",
    "const s = \"import('./in-a-string.ts')\";",
    'export const load = (task: string) => import(`./tasks/${task}.ts`);',
    "export const lazy = () => import('./lazy.ts');",
  ].join('\n'));
  for (const f of ['b.ts', 'lib/c.ts', 'd.ts', 'side.ts', 'lazy.ts', 'tasks/one.ts', 'tasks/deep/two.ts']) write(f, 'export const x = 1;\n');
  write('node_modules/pkg/index.ts', "import '../../a.ts';\n");
  write('loader.ts', 'export const run = (file: string) => import(file);\n');

  it('reads static, re-exported, side-effect, type-only, literal and template imports, ignoring comments and strings', () => {
    const g = importGraph(dir, { 'loader.ts': ['lib'] });
    expect([...g.get('a.ts')!].sort()).toEqual(['b.ts', 'd.ts', 'lazy.ts', 'lib/c.ts', 'side.ts', 'tasks/deep/two.ts', 'tasks/one.ts']);
    expect(g.has('node_modules/pkg/index.ts')).toBe(false);
    expect([...g.get('loader.ts')!]).toEqual(['lib/c.ts']);
    expect(reachableFrom(g, 'a.ts').size).toBe(8);
    expect(importChain(g, 'a.ts', 'lib/c.ts')).toEqual(['a.ts', 'lib/c.ts']);
  });

  it('refuses a computed import() that no loader entry declares', () => {
    expect(() => importGraph(dir, {})).toThrow(/loader\.ts: import\(file\) has a computed target/);
  });
});
