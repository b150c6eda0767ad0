// Checks every published list record against its contract schema before anything is written, so a pipeline type
// slip (a BIGINT arriving as a string, a missing field) fails the build instead of reaching journalists.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ListRoute } from '../route-types.ts';
import { schemas } from '../schemas.ts';
import type { SourceRow } from './arrow-file.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const MAX_REPORTED = 5;

/** Throw with the first few failures when any row's public record breaks the route's schema. */
export function assertRecordsValid(route: ListRoute, rows: readonly SourceRow[]): void {
  const ajv = addFormats(new Ajv2020({ allErrors: false, strict: false }));
  const validate = ajv.compile({ ...schemas[route.schema], $id: undefined });
  const failures: string[] = [];
  for (const row of rows) {
    const record: Record<string, unknown> = {};
    for (const f of route.fields) record[f] = row[f];
    if (!validate(record)) {
      const e = validate.errors![0]!;
      failures.push(`row ${String(row._sort)}: ${e.instancePath || '/'} ${e.message ?? ''} (${JSON.stringify(e.params)})`);
      if (failures.length >= MAX_REPORTED) break;
    }
  }
  if (failures.length) throw new Error(`${route.table}: records break schema ${route.schema}:\n  ${failures.join('\n  ')}`);
}
