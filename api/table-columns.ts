// The columns of one list route's table, the one dictionary of its CSV and JSON Lines forms (the bulk files, the data
// dictionary, datapackage.json and the gateway's CSV answers): name, types (Frictionless and DuckDB), whether the value
// may be null, its value set and what it means (api/schemas). With labels, each labelled id field is followed by its
// sibling name column, as the labelled records carry it.
import { labelledFields, siblingOf } from './labels.ts';
import { siblingSchema } from './openapi-labels.ts';
import type { ListRoute } from './routes/types.ts';
import { schemas } from './schemas/registry.ts';
import { toFieldType, type FieldType } from './field-types.ts';

export interface TableColumn extends FieldType {
  name: string;
  description: string;
  /** Allowed values, where the contract names a value set. */
  values: readonly (string | number)[] | null;
  pattern: string | null;
}

type Property = { type?: string | string[]; format?: string; enum?: unknown[]; pattern?: string; description?: string; items?: Property };

/** The route's published fields as columns, in contract order; with `labels`, the sibling name columns too. */
export function tableColumns(route: ListRoute, options: { labels?: boolean } = {}): TableColumn[] {
  const properties = (schemas[route.schema] as { properties: Record<string, Property> }).properties;
  const labelled = options.labels ? new Set(labelledFields(route.fields)) : new Set<string>();
  return route.fields.flatMap((name) => {
    const column = _column(name, properties[name] ?? {});
    return labelled.has(name) ? [column, _column(siblingOf(name), siblingSchema(name) as Property)] : [column];
  });
}

function _column(name: string, p: Property): TableColumn {
  const values = p.enum?.filter((v): v is string | number => v !== null) ?? null;
  return { name, ...toFieldType(p), description: p.description ?? '', values, pattern: p.pattern ?? null };
}
