// The gateway's loader of search files (export/serve/search-indexes.ts): a list's file opened once per export into
// the same index and rows the build made; a file built with other weights counted again with today's; a file of other
// fields, or none, a 503 with the error body's code rather than a wrong answer.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { SEARCH_SOURCES } from '../../api/search/documents.ts';
import { buildSearchIndex } from '../../api/search/index.ts';
import { exportLayout } from '../../export/layout.ts';
import { searchFileBytes, type SearchFile } from '../../export/search-file.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';
import { searchIndexOf } from '../../export/serve/search-indexes.ts';

const source = SEARCH_SOURCES.find((s) => s.resource === 'contracts')!;
const WEIGHTS = source.fields.map((f) => f.weight);
const file: SearchFile = {
  type: source.type, fields: source.fields.map((f) => f.name),
  ids: ['C-1', '2', '10'], titles: ['Snow', 'Parks', 'Snow'], paths: ['/contracts/C-1', '/contracts/2', '/contracts/10'],
  rows: [['Snow clearing services', 'DRE Inc.', 'Transportation', null], ['Park benches', null, 'Parks', 'Goods'],
    ['Snow removal, sidewalks', 'DRE Inc.', null, 'Services']],
};

/** An export whose only file is `bytes` at the list's search file, counting its reads. */
function _opened(bytes: Uint8Array | null): OpenedExport & { reads: number } {
  const fake = {
    reads: 0,
    read: async (rel: string) => {
      fake.reads++;
      return rel === exportLayout.searchIndex(source.resource) ? bytes : null;
    },
  };
  return fake as unknown as OpenedExport & { reads: number };
}

async function _error(p: Promise<unknown>): Promise<ApiError> {
  try { await p; } catch (e) { return e as ApiError; }
  throw new Error('no error');
}

describe('searchIndexOf', () => {
  it('opens a list\'s search file once per export, as the build made it', async () => {
    const opened = _opened(searchFileBytes(file, WEIGHTS));
    const loaded = await searchIndexOf(opened, source.resource);
    expect(await searchIndexOf(opened, source.resource)).toBe(loaded);
    expect(opened.reads).toBe(1);
    const built = buildSearchIndex(file, WEIGHTS);
    expect(loaded.source).toBe(source);
    expect([0, 1, 2].map((r) => [loaded.id(r), loaded.title(r), loaded.path(r)])).toEqual(file.ids.map((id, r) => [id, file.titles[r], file.paths[r]]));
    expect(loaded.index.vocabulary).toEqual(built.vocabulary);
    for (let t = 0; t < built.vocabulary.length; t++) expect(loaded.index.postingCounts(t)).toEqual(built.postingCounts(t));
    expect([...loaded.idOrder.rows]).toEqual([1, 2, 0]);
  });

  it('counts a file built with other weights again with today\'s', async () => {
    const loaded = await searchIndexOf(_opened(searchFileBytes(file, WEIGHTS.map((w) => w * 2 + 1))), source.resource);
    const built = buildSearchIndex(file, WEIGHTS);
    expect(loaded.index.weights).toEqual(WEIGHTS);
    for (let t = 0; t < built.vocabulary.length; t++) expect(loaded.index.postingCounts(t)).toEqual(built.postingCounts(t));
  });

  it('is a 503 for an export without the file or with a file of other fields', async () => {
    for (const bytes of [null, searchFileBytes({ ...file, fields: [...file.fields.slice(0, 3), 'other'] }, WEIGHTS)]) {
      const error = await _error(searchIndexOf(_opened(bytes), source.resource));
      expect(error).toBeInstanceOf(ApiError);
      expect([error.status, error.code]).toEqual([503, 'service_unavailable']);
    }
  });

  it('is a 503 for a file that cannot be opened (another version, damaged), read once for the export', async () => {
    const old = searchFileBytes(file, WEIGHTS).slice();
    new DataView(old.buffer).setUint32(8, 1, true);
    const opened = _opened(old);
    for (let i = 0; i < 3; i++) {
      const error = await _error(searchIndexOf(opened, source.resource));
      expect([error.status, error.code]).toEqual([503, 'service_unavailable']);
      expect(error.message).toContain('version 1');
    }
    expect(opened.reads).toBe(1);
  });
});
