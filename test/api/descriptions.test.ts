// Every published column is explained: each field of each list route's record schema has a description, which
// openapi.json and the bulk export's data dictionary both carry.
import { describe, expect, it } from 'vitest';
import { routesOfKind } from '../../api/routes.ts';
import { schemas } from '../../api/schemas/registry.ts';

describe('field descriptions', () => {
  it('describe every field of every list route', () => {
    const missing: string[] = [];
    for (const route of routesOfKind('list')) {
      const properties = (schemas[route.schema] as { properties: Record<string, { description?: string }> }).properties;
      for (const field of route.fields) if (!properties[field]?.description) missing.push(`${route.schema}.${field}`);
    }
    expect(missing).toEqual([]);
  });
});
