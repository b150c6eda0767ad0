// The golden normaliser: re-indents as JSON.stringify would while keeping every token as published (numbers such as
// `1.0` included), and replaces only the parts that name the build.
import { describe, expect, it } from 'vitest';
import { EXPORT_ID, GENERATED_AT, toGoldenText } from './normalise.ts';

const EXPORT = '2026-11-20-01e165eb';
const cursor = (after: string) => `${Buffer.from(JSON.stringify([1, 'Qh4sh', EXPORT, after])).toString('base64url')}.bWFj`;

describe('toGoldenText', () => {
  it('indents as JSON.stringify(value, null, 2), empty containers closed', () => {
    const value = { a: [1, { b: null, c: [] }, 'x y'], d: {}, e: [[true]] };
    expect(toGoldenText(JSON.stringify(value), EXPORT, 'json')).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });

  it('keeps numbers, escapes and spacing inside strings as published', () => {
    expect(toGoldenText('{"p":1.0,"q":[1e5,-0.50],"s":"a\\"b, c: \\u00e9 [x]"}', EXPORT, 'json'))
      .toBe('{\n  "p": 1.0,\n  "q": [\n    1e5,\n    -0.50\n  ],\n  "s": "a\\"b, c: \\u00e9 [x]"\n}\n');
  });

  it('re-indents a body served pretty-printed the same way', () => {
    expect(toGoldenText('{\n    "a": [ 1 ]\n}', EXPORT, 'json')).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });

  it('replaces the export id, the cursors and generated_at, and nothing else', () => {
    const body = JSON.stringify({
      export: { id: EXPORT, date: '2026-11-20' }, generated_at: '2026-11-28T00:38:52.201Z', when: '2026-11-28T00:38:52.201Z',
      data: [{ next_cursor: 'kept: not the envelope' }], next_cursor: cursor('000000000004 "x"'), model_version: '2026-11-20',
    });
    expect(JSON.parse(toGoldenText(body, EXPORT, 'json'))).toEqual({
      export: { id: EXPORT_ID, date: '2026-11-20' }, generated_at: GENERATED_AT, when: '2026-11-28T00:38:52.201Z',
      data: [{ next_cursor: 'kept: not the envelope' }], next_cursor: '<cursor v1 query=Qh4sh after=000000000004 "x">', model_version: '2026-11-20',
    });
  });

  it('keeps JSON Lines as served, the export id replaced', () => {
    expect(toGoldenText(`{"a":1.0,"e":"${EXPORT}"}\n{"a":2}\n`, EXPORT, 'jsonl')).toBe(`{"a":1.0,"e":"${EXPORT_ID}"}\n{"a":2}\n`);
  });
});
