// The columns of one list route's bulk files, as the data dictionary and datapackage.json describe them: name, types
// (Frictionless and DuckDB), whether the value may be null, its value set and what it means (api/schemas).
import type { ListRoute } from '../../api/routes/types.ts';
import { schemas } from '../../api/schemas/registry.ts';
import { toFieldType, type FieldType } from './field-types.ts';

export interface BulkColumn extends FieldType {
  name: string;
  description: string;
  /** Allowed values, where the contract names a value set. */
  values: readonly (string | number)[] | null;
  pattern: string | null;
}

type Property = { type?: string | string[]; format?: string; enum?: unknown[]; pattern?: string; description?: string; items?: Property };

/** The route's published fields as bulk columns, in contract order. */
export function bulkColumns(route: ListRoute): BulkColumn[] {
  const properties = (schemas[route.schema] as { properties: Record<string, Property> }).properties;
  return route.fields.map((name) => {
    const p = properties[name] ?? {};
    const values = p.enum?.filter((v): v is string | number => v !== null) ?? null;
    return { name, ...toFieldType(p), description: p.description ?? '', values, pattern: p.pattern ?? null };
  });
}
