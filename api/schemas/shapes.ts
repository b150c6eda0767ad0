// Building blocks of the JSON Schemas (OpenAPI 3.1 / JSON Schema 2020-12) the API publishes: scalar shapes, value
// sets from api/schemas/vocabulary.ts, closed records and detail records. Every record and row schema is made of these.

export type Schema = Record<string, unknown>;

export const str = { type: 'string' };
export const int = { type: 'integer' };
export const nullable = (t: string, extra: Schema = {}): Schema => ({ type: [t, 'null'], ...extra });
export const date = { type: 'string', format: 'date' };
export const nullableDate = { type: ['string', 'null'], format: 'date' };
export const strings = { type: 'array', items: str };
export const flag = nullable('integer', { enum: [0, 1, null] });
/** A required value from a value set. */
export const oneOf = (t: string, values: readonly (string | number)[]): Schema => ({ type: t, enum: [...values] });
/** A value from a value set, or null. */
export const oneOfOrNull = (t: string, values: readonly (string | number)[]): Schema => nullable(t, { enum: [...values, null] });

/** A closed object: every listed property is required and no other is allowed. */
export function record(properties: Record<string, Schema>, description?: string): Schema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** The base record's properties plus nested detail-only properties, as one closed record (no allOf, so the
 *  base's closed-ness cannot reject the nested properties). Nested records are open objects. */
export function detail(base: Record<string, Schema>, nested: Record<string, Schema>): Schema {
  return record({ ...base, ...nested });
}

/** Nested detail-only records: open objects. */
export const openObjects = { type: 'array', items: { type: 'object' } };
/** A list of published links. */
export const linkArray = { type: 'array', items: { $ref: '#/components/schemas/Link' } };

/** A rate in [0, 1] (4 decimals), or null where it is suppressed or undefined. */
export const rate = { type: ['number', 'null'], minimum: 0, maximum: 1 };
/** A count. */
export const count = { type: 'integer', minimum: 0 };

/**
 * An insight row: the table's columns in order, every one present, plus `model_version` (the export date of the run
 * that built it) and, where values can be suppressed, `suppressed` (why, in words; null when nothing is). Rows are
 * open objects as the contract says (additional properties allowed), so adding a column later breaks no client.
 */
export function insightRow(properties: Record<string, Schema>, options: { suppressible?: boolean } = {}): Schema {
  const all: Record<string, Schema> = {
    ...properties,
    ...(options.suppressible ? { suppressed: { type: ['string', 'null'], description: 'Why a value of this row is null, in words; null when none is suppressed' } } : {}),
    model_version: { type: 'string', description: 'Export date of the pipeline run that built the row' },
  };
  return { type: 'object', properties: all, required: Object.keys(all) };
}
