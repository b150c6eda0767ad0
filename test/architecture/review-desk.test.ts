// The reviewers' desk stays apart from what publishes: nothing outside review/ imports it (the gateway never serves
// it, the night and the site build never reach it), and it reaches neither gateway/ nor build/.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.ts';

const graph = importGraph(path.resolve(import.meta.dirname, '..', '..'));

describe('review/', () => {
  it('is imported by nothing outside it but its tests', () => {
    const edges = [...graph].flatMap(([from, tos]) => [...tos].filter((to) => to.startsWith('review/') && !from.startsWith('review/') && !from.startsWith('test/')).map((to) => `${from} → ${to}`));
    expect(edges).toEqual([]);
  });

  it('imports neither gateway/ nor build/', () => {
    const edges = [...graph].filter(([from]) => from.startsWith('review/')).flatMap(([from, tos]) => [...tos].filter((to) => to.startsWith('gateway/') || to.startsWith('build/')).map((to) => `${from} → ${to}`));
    expect(edges).toEqual([]);
    expect([...graph.keys()].filter((f) => f.startsWith('review/')).length).toBeGreaterThan(10);
  });
});
