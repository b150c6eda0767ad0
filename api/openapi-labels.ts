// The labels=1 extension in OpenAPI: its parameter (marked `x-extension`, as every addition to the v1 contract is)
// and, in each record schema a list or detail answers, the sibling name fields it adds, declared optional (present
// only with labels=1) so the contract's required fields are unchanged.
import { LABELS_DESCRIPTION, LABELS_PARAM, labelledFields, siblingOf } from './labels.ts';
import type { Route } from './routes/types.ts';

type Json = Record<string, unknown>;

/** The marker on every operation part that extends the v1 contract. */
export const EXTENSION_MARK = { 'x-extension': true } as const;

export const LABELS_PARAMETER = {
  name: LABELS_PARAM,
  in: 'query',
  description: LABELS_DESCRIPTION,
  schema: { type: 'integer', enum: [0, 1], default: 0 },
  ...EXTENSION_MARK,
} as const;

/** `schemas` with the sibling fields added to each record schema the routes answer with (and to Link, which
 *  details nest), each after its id field. */
export function withLabelSiblings(schemas: Record<string, Json>, routes: readonly Route[]): Record<string, Json> {
  const names = new Set(['Link']);
  for (const route of routes) if (route.kind === 'list' || route.kind === 'detail') names.add(route.schema);
  const out = { ...schemas };
  for (const name of names) {
    const schema = out[name] as { properties?: Record<string, Json> } | undefined;
    if (!schema?.properties) continue;
    const fields = labelledFields(Object.keys(schema.properties));
    if (fields.length === 0) continue;
    const properties: Record<string, Json> = {};
    for (const [field, def] of Object.entries(schema.properties)) {
      properties[field] = def;
      if (fields.includes(field)) properties[siblingOf(field)] = siblingSchema(field);
    }
    out[name] = { ...schema, properties };
  }
  return out;
}

/** The schema of the sibling name field labels=1 adds after an id field. */
export function siblingSchema(field: string): Json {
  const description = `Extension, present only with labels=1: the display name of the record ${field} names (null when it has none)`;
  return field.endsWith('_ids')
    ? { type: 'array', items: { type: ['string', 'null'] }, description, ...EXTENSION_MARK }
    : { type: ['string', 'null'], description, ...EXTENSION_MARK };
}
