// Detail documents that satisfy the published detail schemas, made from a list row: the row's contract fields plus
// empty values for the detail-only properties (arrays empty, objects empty, nullable values null).
import type { ListRoute } from '../../../api/routes/types.ts';
import { routes } from '../../../api/routes.ts';
import { schemas } from '../../../api/schemas/registry.ts';

type Props = Record<string, { type?: string | string[] }>;

/** A schema-valid detail document for the detail route of `list`, built from one of its rows. */
export function detailDocFromRow(list: ListRoute, row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const detail = routes.find((r) => r.kind === 'detail' && r.resource === list.resource)!;
  const props = (schemas[detail.schema] as { properties: Props }).properties;
  const doc: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(props)) {
    if (list.fields.includes(name)) { doc[name] = row[name]; continue; }
    const types = ([] as string[]).concat(schema.type ?? 'object');
    doc[name] = types.includes('array') ? [] : types.includes('null') ? null : types.includes('object') ? {} : null;
  }
  return doc;
}
