// The rule "which file answers this request" (export/answering-file.ts) as docs/static-hosting.md tabulates it; the
// spellings of a canonical list request agree with the engine's parser (a query it reads as no filters and the default
// limit is one a file answers); and the forms a static host and the URL lister are made from.
import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../api/query/params.ts';
import { toCursor } from '../../api/query/cursor.ts';
import { routes } from '../../api/routes.ts';
import type { ListRoute } from '../../api/routes/types.ts';
import { answeringFile, FILE_KEY, fileForms } from '../../export/answering-file.ts';

const route = (id: string) => routes.find((r) => r.id === id)!;
const people = route('people.list') as ListRoute;
const ctx = { exportId: '2026-11-20-0123abcd', cursorSecret: 'secret' };
const cursor = toCursor({ after: 'k', query: parseListQuery(people, new URLSearchParams(), ctx).queryHash, export: ctx.exportId }, ctx.cursorSecret);

describe('answeringFile', () => {
  it('gives the files of docs/static-hosting.md, "What the files answer"', () => {
    expect(answeringFile(route('meta.index'), '')).toBe('api/v1/index.json');
    expect(answeringFile(route('meta.openapi'), '?')).toBe('api/v1/openapi.json');
    expect(answeringFile(route('topics.list'), '')).toBe('api/v1/topics.json');
    expect(answeringFile(people, '')).toBe('api/v1/people/index.json');
    expect(answeringFile(people, '?limit=100')).toBe('api/v1/people/index.json');
    expect(answeringFile(people, `cursor=${cursor}`)).toBe(`api/v1/people/_pages/${cursor}.json`);
    expect(answeringFile(route('people.detail'), '', 'jane-doe')).toBe('api/v1/people/jane-doe.json');
    expect(answeringFile(route('insights.upcoming'), '')).toBe('api/v1/insights/upcoming/index.json');
    expect(answeringFile(route('insights.mayor-share.its'), '')).toBe('api/v1/insights/mayor-share/its.json');
  });

  it('gives none for filters, other limits, unsafe keys, queries on documents, required parameters and bulk', () => {
    expect(answeringFile(people, 'role=member_of_council')).toBeNull();
    expect(answeringFile(people, 'limit=99')).toBeNull();
    expect(answeringFile(people, 'cursor=')).toBeNull();
    expect(answeringFile(people, 'cursor=../x')).toBeNull();
    expect(answeringFile(people, 'cursor=index')).toBeNull();
    expect(answeringFile(people, 'limit=100&limit=100')).toBeNull();
    expect(answeringFile(route('topics.list'), 'limit=100')).toBeNull();
    expect(answeringFile(route('people.detail'), 'x=1', 'jane-doe')).toBeNull();
    expect(answeringFile(route('people.detail'), '', 'A0123/24TEY')).toBeNull();
    expect(answeringFile(route('people.detail'), '', 'index')).toBeNull();
    const required = routes.find((r): r is ListRoute => r.kind === 'list' && r.params.some((p) => p.required))!;
    expect(answeringFile(required, '')).toBeNull();
    expect(answeringFile(route('bulk.manifest'), '')).toBeNull();
  });

  it('reads any spelling of a canonical list request as the engine\'s parser does', () => {
    const spellings = ['', 'limit=100', 'limit=0100', 'limit=100&', `limit=100&cursor=${cursor}`, `cursor=${cursor}&limit=100`,
      `cursor=${encodeURIComponent(cursor).replace('.', '%2E')}`, 'li%6Dit=100', 'limit=7', `limit=7&cursor=${cursor}`, 'role=member_of_council',
      'term=2022-2026&limit=100'];
    for (const query of spellings) {
      const params = new URLSearchParams(query);
      const parsed = parseListQuery(people, params, ctx);
      const canonical = parsed.filters.size === 0 && parsed.limit === 100;
      expect(answeringFile(people, query) !== null, query).toBe(canonical);
      expect(answeringFile(people, params), query).toBe(answeringFile(people, query));
    }
  });
});

describe('fileForms', () => {
  it('spells each route\'s canonical requests with the file the rule gives, a placeholder for the key', () => {
    expect(fileForms(people)).toEqual([
      { query: '', file: 'api/v1/people/index.json' },
      { query: 'limit=100', file: 'api/v1/people/index.json' },
      { query: `cursor=${FILE_KEY}`, file: `api/v1/people/_pages/${FILE_KEY}.json` },
    ]);
    expect(fileForms(route('people.detail'))).toEqual([{ query: '', id: FILE_KEY, file: `api/v1/people/${FILE_KEY}.json` }]);
    expect(fileForms(route('topics.list'))).toEqual([{ query: '', file: 'api/v1/topics.json' }]);
    expect(fileForms(route('bulk.file'))).toEqual([]);
  });
});
