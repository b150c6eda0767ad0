// Each vocabulary is declared once (api/schemas/vocabulary.ts): every enum of a record schema and every enum parameter is
// one of its value sets, and a parameter that filters a schema field accepts exactly that field's values. A value
// set written out again anywhere in the contract, or a filter that drifts from its column, fails here.
import { describe, expect, it } from 'vitest';
import { routes } from '../../api/routes.ts';
import { schemas } from '../../api/schemas/registry.ts';
import * as vocabulary from '../../api/schemas/vocabulary.ts';

const valueSets = Object.entries(vocabulary).map(([name, values]) => ({ name, key: setKey(values as readonly unknown[]) }));

/** Order-insensitive identity of a value set, values compared as text (query parameters are text). */
function setKey(values: readonly unknown[]): string {
  return [...new Set(values.filter((v) => v !== null).map(String))].sort().join('|');
}

/** The enum of a schema property (or of its array items), without the null that marks it nullable. */
function enumOf(property: Record<string, unknown> | undefined): unknown[] | null {
  if (!property) return null;
  if (Array.isArray(property.enum)) return property.enum.filter((v) => v !== null);
  const items = property.items as Record<string, unknown> | undefined;
  return items && Array.isArray(items.enum) ? items.enum : null;
}

function propertiesOf(schema: string): Record<string, Record<string, unknown>> {
  return ((schemas[schema] as { properties?: object }).properties ?? {}) as Record<string, Record<string, unknown>>;
}

describe('vocabularies', () => {
  it('every schema enum is a declared value set (0/1 flags aside)', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      for (const [field, property] of Object.entries((schema as { properties?: object }).properties ?? {})) {
        const values = enumOf(property as Record<string, unknown>);
        if (!values || setKey(values) === '0|1') continue;
        expect(valueSets.map((v) => v.key), `${name}.${field}`).toContain(setKey(values));
      }
    }
  });

  it('every enum parameter is a declared value set, and equals the enum of the field it filters', () => {
    let compared = 0;
    for (const route of routes) {
      if (route.kind !== 'list') continue;
      for (const param of route.params) {
        if (!param.enum) continue;
        expect(valueSets.map((v) => v.key), `${route.id} ${param.name}`).toContain(setKey(param.enum));
        const column = param.filter?.column;
        const fieldEnum = column ? enumOf(propertiesOf(route.schema)[column]) : null;
        if (!fieldEnum) continue; // a derived filter column (f_*), not a published field
        if (setKey(fieldEnum) === '0|1') {
          // a flag filter may select one side only (spike=1)
          for (const v of param.enum) expect(['0', '1'], `${route.id} ${param.name}`).toContain(v);
        } else {
          expect(setKey(param.enum), `${route.id} ${param.name} vs ${route.schema}.${column}`).toBe(setKey(fieldEnum));
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(12);
  });
});
