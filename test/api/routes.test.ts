// Guard on the route registry: paths, parameters, filters, tables and schemas are pinned by a snapshot, so a
// change to the public contract is always a deliberate, reviewed snapshot update; and the registry is coherent.
import { describe, expect, it } from 'vitest';
import { routes } from '../../api/routes.ts';
import { schemas } from '../../api/schemas/registry.ts';

describe('route registry', () => {
  it('matches the reviewed snapshot', () => {
    expect(routes.map((r) => ({
      id: r.id, kind: r.kind, path: r.path, group: r.group, schema: r.schema,
      ...(r.kind === 'list' ? { table: r.table, fields: r.fields, order: r.order, params: r.params } : {}),
      ...(r.kind === 'detail' ? { table: r.table, slugs: r.slugs } : {}),
      ...(r.kind === 'static' ? { file: r.file } : {}),
      ...(r.kind === 'chart' ? { resource: r.resource, format: r.format, variant: r.variant } : {}),
    }))).toMatchSnapshot();
  });

  it('has unique ids and paths, known schemas, and list fields that are the schema properties in order', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    for (const r of routes) {
      expect(schemas[r.schema], r.schema).toBeTruthy();
      if (r.kind === 'list') {
        expect(Object.keys((schemas[r.schema] as { properties: object }).properties)).toEqual([...r.fields]);
        for (const p of r.params) expect(['limit', 'cursor']).not.toContain(p.name);
      }
    }
  });
});
