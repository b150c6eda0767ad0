// Checks every published record against its contract schema before anything is written, so a pipeline type
// slip (a BIGINT arriving as a string, a missing field) fails the build instead of reaching journalists.
// List records are checked against the route's record schema, detail documents against the detail schema.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { schemas } from '../../api/schemas/registry.ts';
import type { SourceRow } from '../../export/arrow-file.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const MAX_REPORTED = 5;
let shared: Ajv2020 | undefined;

/** A validator for one named schema; `$ref`s to other components resolve as they do in openapi.json. */
export function schemaValidator(name: string): ValidateFunction {
  if (!shared) {
    shared = addFormats(new Ajv2020({ allErrors: false, strict: false }));
    shared.addSchema({ $id: 'api', components: { schemas } });
  }
  return shared.getSchema(`api#/components/schemas/${name}`) ?? (() => { throw new Error(`no schema ${name}`); })();
}

/** Throw with the first few failures when any row's public record breaks the route's schema. */
export function assertRecordsValid(route: { table: string; schema: string; fields: readonly string[] }, rows: readonly SourceRow[]): void {
  assertValid(route.table, route.schema, rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const f of route.fields) record[f] = row[f];
    return { key: String(row._sort), value: record };
  }));
}

/** Throw with the first few failures when any detail document breaks the detail schema. */
export function assertDocsValid(route: { table: string; schema: string }, docs: readonly { id: string; doc: unknown }[]): void {
  assertValid(route.table, route.schema, docs.map((d) => ({
    key: d.id, value: typeof d.doc === 'string' ? JSON.parse(d.doc) : d.doc,
  })));
}

function assertValid(table: string, schema: string, items: { key: string; value: unknown }[]): void {
  const validate = schemaValidator(schema);
  const failures: string[] = [];
  for (const item of items) {
    if (!validate(item.value)) {
      const e = validate.errors![0]!;
      failures.push(`${item.key}: ${e.instancePath || '/'} ${e.message ?? ''} (${JSON.stringify(e.params)})`);
      if (failures.length >= MAX_REPORTED) break;
    }
  }
  if (failures.length) throw new Error(`${table}: records break schema ${schema}:\n  ${failures.join('\n  ')}`);
}
