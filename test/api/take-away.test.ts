// Which form a list request asks for (format, else Accept), and the name a whole answer is saved under.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { routes } from '../../api/routes.ts';
import type { ListRoute } from '../../api/routes/types.ts';
import { answerFormat, downloadName, mayAskTakeAway } from '../../api/take-away.ts';

describe('answerFormat', () => {
  it('takes format when given, whatever Accept says, and refuses an unknown one', () => {
    expect(answerFormat('csv', 'application/json')).toBe('csv');
    expect(answerFormat('jsonl', null)).toBe('jsonl');
    expect(answerFormat('json', 'text/csv')).toBe('json');
    for (const bad of ['', 'CSV', 'xml', 'csv ']) {
      expect(() => answerFormat(bad, null)).toThrow(ApiError);
    }
  });

  it('reads Accept by quality, JSON winning ties and wildcards', () => {
    expect(answerFormat(null, null)).toBe('json');
    expect(answerFormat(null, 'text/csv')).toBe('csv');
    expect(answerFormat(null, 'application/x-ndjson')).toBe('jsonl');
    expect(answerFormat(null, 'text/csv, application/json')).toBe('json');
    expect(answerFormat(null, 'application/json;q=0.5, text/csv')).toBe('csv');
    expect(answerFormat(null, 'text/csv;q=0, application/json;q=0.1')).toBe('json');
    expect(answerFormat(null, '*/*')).toBe('json');
    expect(answerFormat(null, 'text/csv, */*;q=0.1')).toBe('csv');
    expect(answerFormat(null, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe('json');
    expect(mayAskTakeAway('text/CSV')).toBe(true);
    expect(mayAskTakeAway('application/json')).toBe(false);
    expect(mayAskTakeAway(undefined)).toBe(false);
  });
});

describe('downloadName', () => {
  const route = routes.find((r) => r.id === 'communications.list') as ListRoute;
  const insight = routes.find((r) => r.kind === 'list' && r.resource.startsWith('insights/')) as ListRoute;

  it('names the resource, the filters in order and the export date, in safe characters', () => {
    const filters = new Map<string, string | number>([['member_person_id', 12], ['from', '2025-01-01'], ['q', 'A "quoted"/path; x']]);
    expect(downloadName(route, filters, '2026-11-27', 'csv', false))
      .toBe('communications_member_person_id-12_from-2025-01-01_q-A-quoted-path-x_2026-11-27.csv');
    expect(downloadName(insight, new Map(), '2026-11-27', 'jsonl', true)).toBe(`${insight.resource.replace('/', '-')}_labels_2026-11-27.jsonl`);
  });

  it('keeps a long name short enough for any file system', () => {
    const filters = new Map<string, string | number>([['q', 'x'.repeat(1000)]]);
    expect(downloadName(route, filters, '2026-11-27', 'csv', false).length).toBeLessThanOrEqual(200);
  });
});
