// /search's page order and cursors on hand-made lists full of ties (communications share their registration's text,
// so a common word gives thousands of equal scores): the pages followed with each page's last key are, together, the
// hits of every list sorted by a plain comparison (score descending, kind in SEARCH_TYPES' order, id with numbers as
// numbers), each hit once.
import { describe, expect, it } from 'vitest';
import { toIdOrder } from '../../../api/search/id-order.ts';
import { buildSearchIndex } from '../../../api/search/index.ts';
import { parseSearch } from '../../../api/search/query.ts';
import { searchPage, type SearchedList, type SearchKey } from '../../../api/search/ranked.ts';
import { searchSource } from '../../../api/search/documents.ts';
import { SEARCH_TYPES } from '../../../api/schemas/vocabulary.ts';
import { seeded } from '../../gateway/fuzz-helpers.ts';

const TEXTS = ['housing', 'housing housing', 'housing near transit', 'transit and housing', 'parks'];

type IdStyle = 'numeric' | 'hex' | 'mixed';

// mixed: numbers and folder numbers with letters in one list, as applications' ids are
function _id(style: IdStyle, rng: ReturnType<typeof seeded>): string {
  const numeric = style === 'numeric' || (style === 'mixed' && rng.int(0, 1) === 0);
  if (numeric) return String(rng.int(1, style === 'mixed' ? 2_000_000 : 5000));
  return style === 'hex' ? `C${rng.int(0, 0xffffff).toString(16)}` : `${String(rng.int(0, 99)).padStart(2, '0')} ${rng.int(100000, 999999)} STE`;
}

function _list(type: 'registration' | 'communication' | 'contract', rows: number, rng: ReturnType<typeof seeded>, style: IdStyle): SearchedList {
  const fields = searchSource(type).fields;
  const ids = [...new Set(Array.from({ length: rows * 2 }, () => _id(style, rng)))].slice(0, rows);
  const docs = { fields: fields.map((f) => f.name), rows: ids.map(() => fields.map((_, f) => (f === 0 ? rng.pick(TEXTS) : null))) };
  return {
    type, index: buildSearchIndex(docs, fields.map((f) => f.weight)), id: (r) => ids[r]!, title: (r) => ids[r]!, path: (r) => `/${type}/${ids[r]!}`,
    idOrder: toIdOrder(ids),
  };
}

function _plainOrder(a: SearchKey, b: SearchKey): number {
  if (a.score !== b.score) return b.score - a.score;
  const t = SEARCH_TYPES.indexOf(a.type) - SEARCH_TYPES.indexOf(b.type);
  if (t !== 0) return t;
  // ids of digits only first, as numbers; then the others by code units
  const [da, db] = [/^\d+$/.test(a.id), /^\d+$/.test(b.id)];
  if (da !== db) return da ? -1 : 1;
  if (da && a.id.length !== b.id.length) return a.id.length - b.id.length;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

describe('searchPage', () => {
  it.each([1, 2, 3])('pages through tied hits in the plain order, each once (seed %i)', (seed) => {
    const rng = seeded(seed);
    const lists = [_list('contract', 300, rng, 'numeric'), _list('registration', 200, rng, 'mixed'), _list('communication', 900, rng, 'hex')];
    const query = parseSearch('housing');
    const all = searchPage(lists, query, 10_000, null).hits.map((h) => ({ score: h.score, type: h.type, id: h.id }));
    expect(all.length).toBe(lists.reduce((n, l) => n + Array.from({ length: l.index.size }).filter((_, r) => l.index.text(r, 0) !== 'parks').length, 0));
    expect(all).toEqual([...all].sort(_plainOrder));
    const paged: SearchKey[] = [];
    let after: SearchKey | null = null;
    for (let guard = 0; guard < 1000; guard++) {
      const { hits, more } = searchPage(lists, query, 7, after);
      paged.push(...hits.map((h) => ({ score: h.score, type: h.type, id: h.id })));
      if (!more) break;
      after = paged[paged.length - 1]!;
    }
    expect(paged).toEqual(all);
  });
});
