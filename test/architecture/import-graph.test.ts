// The import graph keeps the layout honest: the nightly pipeline never reaches the sample generator or the offline
// link fitting (they are tools beside the night: the night reads the fitted models as data), and the graph helper
// itself finds every kind of import, including computed ones, so a new edge cannot hide from these assertions.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importChain, importGraph, reachableFrom } from './import-graph.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const graph = importGraph(root);
const OFF_THE_NIGHT = ['sample/', 'links-fitting/'];

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
