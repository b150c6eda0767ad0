// openapi.json must cover every registry route and lint clean under Redocly's recommended ruleset.
import { BaseResolver, Source, createConfig, lintDocument } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { operationId, toOpenApi } from '../../api/openapi.ts';
import { routes } from '../../api/routes.ts';

const doc = toOpenApi({ baseUrl: 'https://lobbying.example.org/api/v1' });

describe('openapi.json', () => {
  it('lints clean with the recommended ruleset', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintDocument({
      document: { source: new Source('openapi.json', JSON.stringify(doc)), parsed: doc },
      config,
      externalRefResolver: new BaseResolver(),
    });
    const report = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`);
    expect(report).toEqual([]);
  });

  it('has every registry path with its parameters, operation ids and paging on lists', () => {
    const paths = doc.paths as Record<string, { get: { operationId: string; parameters?: { name?: string; $ref?: string }[]; responses: Record<string, unknown> } }>;
    expect(Object.keys(paths).sort()).toEqual(routes.map((r) => r.path).sort());
    for (const route of routes) {
      const op = paths[route.path]!.get;
      expect(op.operationId).toBe(operationId(route.id));
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '304', '401', '429']));
      if (route.kind === 'list') {
        const names = op.parameters!.map((p) => p.name ?? p.$ref);
        expect(names).toEqual([...route.params.map((p) => p.name), '#/components/parameters/Limit', '#/components/parameters/Cursor',
          '#/components/parameters/Labels', '#/components/parameters/Format']);
        expect(op.responses['400']).toBeDefined();
        // the whole answers: CSV and JSON Lines beside the JSON page, marked as extensions of v1
        const content = (op.responses['200'] as { content: Record<string, Record<string, unknown>> }).content;
        expect(Object.keys(content)).toEqual(['application/json', 'text/csv', 'application/x-ndjson']);
        expect(content['text/csv']!['x-extension']).toBe(true);
      }
      if (route.kind === 'detail') expect(op.responses['404']).toBeDefined();
    }
    expect(new Set(Object.values(paths).map((p) => p.get.operationId)).size).toBe(routes.length);
  });

  it('marks format as an extension of v1', () => {
    const format = (doc.components as { parameters: Record<string, Record<string, unknown>> }).parameters.Format!;
    expect(format).toMatchObject({ name: 'format', in: 'query', 'x-extension': true, schema: { enum: ['json', 'csv', 'jsonl'] } });
    expect(String(format.description)).toMatch(/^Extension \(not in the v1 contract\)/);
  });

  it('is version v1, OpenAPI 3.1.0, with the optional key scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect((doc.info as { version: string }).version).toBe('v1');
    expect(doc.security).toEqual([{}, { ApiKeyAuth: [] }]);
    expect(doc.servers).toEqual([{ url: 'https://lobbying.example.org/api/v1' }]);
  });
});

describe('openapi.json text a newcomer reads', () => {
  /** Every string of the document with where it is. */
  function texts(value: unknown, at = ''): [string, string][] {
    if (typeof value === 'string') return [[at, value]];
    if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${at}/${i}`));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, `${at}/${k}`));
    return [];
  }

  it('names no internal section number ("§4.1", "(4.1)"): the methodology is named in words', () => {
    const found = texts(doc).filter(([, text]) => /§|\(\d+\.\d+\)/.test(text)).map(([at, text]) => `${at}: ${text}`);
    expect(found).toEqual([]);
    const itemLobbying = (doc.paths as Record<string, { get: { description?: string } }>)['/insights/item-lobbying']!.get;
    expect(itemLobbying.description).toContain('docs/methodology-insights-activity.md, "Item lobbying"');
  });

  it('lists empty_range among the 400 codes', () => {
    const responses = (doc.components as { responses: Record<string, { description: string }> }).responses;
    expect(responses.BadRequest!.description).toContain('empty_range');
  });
});
