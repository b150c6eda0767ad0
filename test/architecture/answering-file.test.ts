// The rule "which file of an export answers this request" has one definition, export/answering-file.ts: every place
// that maps a request to a file imports and calls it, the helpers that once restated it are gone, and no other
// source file builds a request's file path from the layout or spells the page folder's name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from './import-graph.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const graph = importGraph(root);
const RULE = 'export/answering-file.ts';
/** The sources of the service (tests, the sample generator, the night and the benchmarks aside). */
const sources = [...graph.keys()].filter((f) => /^(api|build|config|export|gateway|cli|client)\//.test(f));
const text = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Each place that answers "which file?", with what it calls: the rule itself, or the forms made by calling it. */
const CALLERS: Record<string, string> = {
  'gateway/fast-path/listener.ts': 'answeringFile',
  'gateway/app.ts': 'answeringFile',
  'gateway/routes/pages.ts': 'answeringFile',
  'gateway/fast-path/warm.ts': 'answeringFile',
  'build/site/write-site.ts': 'answeringFile',
  'build/site/verify.ts': 'answeringFile',
  'build/host/nginx.ts': 'fileForms',
  'export/canonical-urls.ts': 'answeringFile',
};

describe('the canonical-file rule', () => {
  it.each(Object.entries(CALLERS))('is asked by %s (%s)', (file, name) => {
    expect(graph.get(file), `${file} exists`).toBeDefined();
    expect([...graph.get(file)!]).toContain(RULE);
    expect(text(file)).toMatch(new RegExp(`\\b${name}\\(`));
  });

  it('has no second definition: the helpers that restated it are gone', () => {
    const old = /\b(canonicalPageFile|canonicalPagePath|fileOf)\b|lobbying_args|lobbying_try|query\.canonical\b/;
    expect(sources.filter((f) => old.test(text(f)))).toEqual([]);
  });

  it('is the only source that turns a request into a layout path, and the layout the only one naming the page folder', () => {
    const requestPaths = /exportLayout\.(listFirstPage|listPage|detail|staticFile)\(/;
    expect(sources.filter((f) => f !== RULE && requestPaths.test(text(f)))).toEqual([]);
    expect(sources.filter((f) => f !== 'export/layout.ts' && text(f).includes('_pages'))).toEqual([]);
  });
});
