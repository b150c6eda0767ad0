// No file imports itself through others: a circle of imports (type-only ones included, since they still tie two
// files' shapes together) makes load order matter and hides which file owns a shape, so the shared shapes go to a
// module both sides read (a folder's types.ts). Each circle is named as the chain of files that closes it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importChain, importGraph } from './import-graph.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('file imports', () => {
  it('form no circle anywhere in the project', () => {
    expect(importCycles(importGraph(root))).toEqual([]);
  });

  it('names each circle by the files that close it, once per circle', () => {
    const g = new Map([
      ['a/x.ts', new Set(['a/y.ts'])], ['a/y.ts', new Set(['a/x.ts', 'a/w.ts', 'b/u.ts'])], ['a/w.ts', new Set(['a/y.ts'])],
      ['b/u.ts', new Set<string>()], ['c/self.ts', new Set(['c/self.ts'])], ['d/p.ts', new Set(['d/q.ts'])], ['d/q.ts', new Set(['d/p.ts'])],
    ]);
    expect(importCycles(g)).toEqual([
      'a/w.ts → a/y.ts → a/w.ts (tied in the same circle: a/x.ts)', 'c/self.ts → c/self.ts', 'd/p.ts → d/q.ts → d/p.ts',
    ]);
  });
});

/** One line per circle (strongly connected component of the import graph, by Tarjan's algorithm): the shortest
 *  chain from its first file (in name order) back to itself, then any other file of the component. */
function importCycles(g: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length === 1 && !g.get(v)?.has(v)) return;
    const first = component.sort()[0]!;
    const back = [...g.get(first)!].filter((f) => component.includes(f)).sort()
      .map((f) => f === first ? [first] : importChain(g, f, first)).sort((a, b) => a.length - b.length)[0]!;
    const others = component.filter((f) => !back.includes(f) && f !== first);
    cycles.push([first, ...back].join(' → ') + (others.length ? ` (tied in the same circle: ${others.join(', ')})` : ''));
  };
  for (const v of [...g.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort();
}
