// /search's page skips rows whose best possible score cannot reach it (block maxima, bounds from the words' counts,
// checks of phrases and exclusions only for rows that could enter): its pages must be exactly those of scoring every
// row the query finds with the exhaustive scorer and sorting them plainly — for every kind of query, every page size,
// and pages after a cursor. Lists of thousands of rows from a small vocabulary, so posting lists span many blocks,
// lengths vary and scores tie.
import { describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '../../../api/schemas/vocabulary.ts';
import { searchSource } from '../../../api/search/documents.ts';
import { compareIds, toIdOrder } from '../../../api/search/id-order.ts';
import { buildSearchIndex } from '../../../api/search/index.ts';
import { matchRows } from '../../../api/search/match.ts';
import { parseSearch } from '../../../api/search/query.ts';
import { scorer } from '../../../api/search/rank.ts';
import { searchPage, type SearchedList, type SearchKey } from '../../../api/search/ranked.ts';
import { pairOf } from '../../../api/search/word-pairs.ts';
import { seeded } from '../../gateway/fuzz-helpers.ts';

const WORDS = ['housing', 'transit', 'park', 'parking', 'parkland', 'zoning', 'amendment', 'ontario', 'place', 'harbour',
  'gardiner', 'snow', 'clearing', 'rooming', 'house', 'tower', 'storey', 'addition', 'wharf', 'terrace'];

type Rng = ReturnType<typeof seeded>;

function _text(rng: Rng, words: number): string | null {
  if (rng.int(0, 5) === 0) return null;
  // a skewed pick: the first words are common, the last rare
  return Array.from({ length: rng.int(1, words) }, () => WORDS[Math.min(rng.int(0, WORDS.length - 1), rng.int(0, WORDS.length - 1))]!).join(' ');
}

/** `pool`: draw every field's text from this many per field (far fewer texts than rows, as communications share their
 *  registration's), else a few shared texts in the first field and the rest drawn per row. */
function _list(type: 'registration' | 'communication' | 'contract' | 'agenda_item', rows: number, rng: Rng, pool = 0): SearchedList {
  const fields = searchSource(type).fields;
  const ids = Array.from({ length: rows }, (_, i) => (rng.int(0, 3) === 0 ? `F${rng.int(0, 999)}-${i}` : String(i * 7 + rng.int(0, 6))));
  const shared = Array.from({ length: 12 }, () => _text(rng, 12));
  const pools = fields.map(() => Array.from({ length: pool }, () => _text(rng, 12)));
  const docs = {
    fields: fields.map((f) => f.name),
    rows: ids.map(() => fields.map((_, f) => (pool > 0 ? rng.pick(pools[f]!)
      : f === 0 && rng.int(0, 2) === 0 ? rng.pick(shared) : _text(rng, f === 0 ? 14 : 5)))),
  };
  return { type, index: buildSearchIndex(docs, fields.map((f) => f.weight)), id: (r) => ids[r]!, title: (r) => ids[r]!, path: (r) => ids[r]!, idOrder: toIdOrder(ids) };
}

/** Words each found only in runs of rows (a region's name, a project's): in a page's walk, blocks where another
 *  word of the query has no row, and words whose rows end long before the list does. */
const RUNS = ['alder', 'birch', 'cedar', 'dogwood', 'elm'];

/** A list whose first field has a run word in stretches of rows (word w in rows whose stretch of 90 is w's, half of
 *  them), beside the common words of `_text`. */
function _runsList(type: 'registration' | 'communication', rows: number, rng: Rng): SearchedList {
  const fields = searchSource(type).fields;
  const ids = Array.from({ length: rows }, (_, i) => String(i * 3 + rng.int(0, 2)));
  const docs = {
    fields: fields.map((f) => f.name),
    rows: ids.map((_, row) => fields.map((_f, f) => {
      const text = _text(rng, f === 0 ? 8 : 4);
      const stretch = Math.floor(row / 90) % (RUNS.length + 2); // two stretches in seven hold no run word
      if (f !== 0 || stretch >= RUNS.length || rng.int(0, 1) === 0) return text;
      const run = rng.int(0, 3) === 0 ? `${RUNS[stretch]!} ${RUNS[(stretch + 1) % RUNS.length]!}` : RUNS[stretch]!;
      return text ? `${text} ${run}` : run;
    })),
  };
  return { type, index: buildSearchIndex(docs, fields.map((f) => f.weight)), id: (r) => ids[r]!, title: (r) => ids[r]!, path: (r) => ids[r]!, idOrder: toIdOrder(ids) };
}

function _runsQuery(rng: Rng): string {
  const run = () => rng.pick(RUNS);
  const w = () => rng.pick(WORDS);
  const kinds = [() => `${run()} ${w()}`, () => `${run()} ${run()}`, () => `"${run()} ${run()}"`, () => `${w()} ${run()} ${w()}`,
    () => `${run()} -${w()}`, () => `${w()} -${run()}`, () => `"${w()} ${run()}"`];
  return rng.pick(kinds)();
}

function _query(rng: Rng): string {
  const w = () => rng.pick(WORDS);
  const kinds = [() => w(), () => `${w()} ${w()}`, () => `"${w()} ${w()}"`, () => `${w().slice(0, 3)}*`, () => `${w()} -${w()}`,
    () => `${w()} -"${w()} ${w()}"`, () => `${w()} -${w().slice(0, 3)}*`, () => `${w()} ${w().slice(0, 4)}* "${w()} ${w()}"`,
    () => `${w()} ${w()} ${w()}`];
  return rng.pick(kinds)();
}

function _key(h: SearchKey): string {
  return `${h.type}:${h.id}:${h.score}`;
}

/** Every row found, scored by the exhaustive scorer, in /search's order. */
function _everything(lists: readonly SearchedList[], q: string): string[] {
  const query = parseSearch(q, 'q');
  const all: SearchKey[] = [];
  for (const list of lists) {
    const score = scorer(list.index, query, list.index.weights);
    for (const row of matchRows(list.index, query)) all.push({ type: list.type, id: list.id(row), score: Math.round(score(row) * 1e6) / 1e6 });
  }
  return all.sort((a, b) => b.score - a.score || SEARCH_TYPES.indexOf(a.type) - SEARCH_TYPES.indexOf(b.type) || compareIds(a.id, b.id)).map(_key);
}

describe('searchPage with pruning', () => {
  it.each([1, 2, 3, 4])('gives the pages of the exhaustive scorer (seed %i)', (seed) => {
    const rng = seeded(seed);
    const lists = [_list('registration', 1500, rng), _list('communication', 4000, rng), _list('contract', 800, rng),
      _list('agenda_item', 3000, rng, 40)];
    for (let n = 0; n < 60; n++) {
      const q = _query(rng);
      const want = _everything(lists, q);
      for (const limit of [1, 5, 20]) {
        const first = searchPage(lists, parseSearch(q, 'q'), limit, null);
        expect([q, limit, first.hits.map(_key)]).toEqual([q, limit, want.slice(0, limit)]);
        expect([q, limit, first.more]).toEqual([q, limit, want.length > limit]);
      }
      _afterCursor(lists, q, want);
    }
  });

  it.each([1, 2, 3])('gives them where query words are found only in runs of rows (seed %i)', (seed) => {
    const rng = seeded(100 + seed);
    const lists = [_runsList('registration', 2500, rng), _runsList('communication', 3000, rng)];
    for (let n = 0; n < 60; n++) {
      const q = _runsQuery(rng);
      const want = _everything(lists, q);
      for (const limit of [1, 5, 20, 200]) {
        const first = searchPage(lists, parseSearch(q, 'q'), limit, null);
        expect([q, limit, first.hits.map(_key)]).toEqual([q, limit, want.slice(0, limit)]);
      }
      _afterCursor(lists, q, want);
    }
  });

  // a word walked beside the rarer one whose rows end at a block's first row, or begin at a block's last
  it.each([
    ['ends at a block\'s first row', (row: number) => row <= 1280],
    ['begins at a block\'s last row', (row: number) => row === 630 || row >= 3000],
  ])('finds a row in both where the other word %s', (_name, holdsOther) => {
    const fields = searchSource('registration').fields;
    // the rarer word in every tenth row of the first 2,000: its blocks of 64 start at rows 0, 640, 1280 and 1920
    const rows = Array.from({ length: 3600 }, (_, row) => fields.map((_f, f) => (f > 0 ? null
      : [row % 10 === 0 && row < 2000 ? 'xenon' : 'zinc', holdsOther(row) ? 'yarrow' : 'zinc'].join(' '))));
    const ids = rows.map((_, i) => String(i));
    const lists: SearchedList[] = [{ type: 'registration', index: buildSearchIndex({ fields: fields.map((f) => f.name), rows }, fields.map((f) => f.weight)),
      id: (r) => ids[r]!, title: (r) => ids[r]!, path: (r) => ids[r]!, idOrder: toIdOrder(ids) }];
    const want = _everything(lists, 'xenon yarrow');
    expect(want.length).toBeGreaterThan(0);
    expect(searchPage(lists, parseSearch('xenon yarrow', 'q'), 200, null).hits.map(_key)).toEqual(want);
  });

  // the phrase two plain words make is not looked for in a list where they never stand together (word-pairs.ts): the
  // pages are still the exhaustive scorer's, in that list and in the one where they do
  it.each([1, 2])('gives them where the words of a query stand together in one list and never in the other (seed %i)', (seed) => {
    const rng = seeded(200 + seed);
    const withTail = (type: 'registration' | 'communication', rows: number, tails: readonly string[]): SearchedList => {
      const fields = searchSource(type).fields;
      const ids = Array.from({ length: rows }, (_, i) => String(i * 5 + rng.int(0, 4)));
      const docs = { fields: fields.map((f) => f.name), rows: ids.map(() => fields.map((_f, f) => {
        const text = _text(rng, f === 0 ? 10 : 4);
        return rng.int(0, 2) === 0 ? [text, rng.pick(tails)].filter(Boolean).join(' ') : text;
      })) };
      return { type, index: buildSearchIndex(docs, fields.map((f) => f.weight)), id: (r) => ids[r]!, title: (r) => ids[r]!, path: (r) => ids[r]!, idOrder: toIdOrder(ids) };
    };
    const lists = [withTail('registration', 3000, ['zoning by-law', 'by-law for zoning', 'zoning by-law amendment']),
      withTail('communication', 2500, ['zoning law', 'zoning by-law', 'law housing zoning'])];
    const [never, together] = lists.map((l) => pairOf(l.index.wordPairs(), l.index.termId('zone'), l.index.termId('law')) >= 0);
    expect([never, together]).toEqual([false, true]);
    for (const q of ['zoning law', 'law zoning', '"zoning law"', 'zoning law housing', 'zoning law -park', 'zoning law -"by law"',
      '"by law" zoning', 'zoning -"zoning law"', 'law zon*']) {
      const want = _everything(lists, q);
      expect(want.length, q).toBeGreaterThan(0);
      for (const limit of [1, 5, 20, 200]) expect([q, limit, searchPage(lists, parseSearch(q, 'q'), limit, null).hits.map(_key)]).toEqual([q, limit, want.slice(0, limit)]);
      _afterCursor(lists, q, want);
    }
  });

  // a quoted phrase common among its words' rows (a third of the rarest's here) is counted in the rows their walk
  // reaches rather than gathered: a row holding both words often, but never one after the other, scores high on the
  // words' bound and is not a hit, even where the page has room for it
  it('finds a common quoted phrase only where its words stand together', () => {
    const fields = searchSource('registration').fields;
    const rows = Array.from({ length: 2000 }, (_, row) => fields.map((_f, f) => (f > 0 ? null
      : row % 3 === 0 ? 'law law law zoning zoning zoning' : row % 6 === 1 ? `zoning law ${'park '.repeat(row % 7)}` : 'park')));
    const ids = rows.map((_, i) => String(i));
    const lists: SearchedList[] = [{ type: 'registration', index: buildSearchIndex({ fields: fields.map((f) => f.name), rows }, fields.map((f) => f.weight)),
      id: (r) => ids[r]!, title: (r) => ids[r]!, path: (r) => ids[r]!, idOrder: toIdOrder(ids) }];
    for (const q of ['"zoning law"', '"zoning law" park', '"law zoning"']) {
      const want = _everything(lists, q);
      expect(want.length, q).toBeGreaterThan(250);
      for (const limit of [20, 200, 1000]) expect([q, limit, searchPage(lists, parseSearch(q, 'q'), limit, null).hits.map(_key)]).toEqual([q, limit, want.slice(0, limit)]);
      _afterCursor(lists, q, want);
    }
  });
});

/** Two pages on, after a cursor taken from the middle of the list. */
function _afterCursor(lists: readonly SearchedList[], q: string, want: string[]): void {
  if (want.length <= 10) return;
  const [type, id, score] = want[Math.floor(want.length / 3)]!.split(':');
  const after: SearchKey = { type: type as SearchKey['type'], id: id!, score: Number(score) };
  const next = searchPage(lists, parseSearch(q, 'q'), 20, after);
  const from = want.indexOf(_key(after)) + 1;
  expect([q, next.hits.map(_key)]).toEqual([q, want.slice(from, from + 20)]);
}
