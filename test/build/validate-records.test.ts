// The schema gate in front of every published byte: detail documents and list records that break the contract
// stop the build with the failing key and the reason.
import { describe, expect, it } from 'vitest';
import { routesOfKind } from '../../api/routes.ts';
import { assertDocsValid, assertRecordsValid } from '../../build/site/validate-records.ts';
import { detailDocFromRow } from './helpers/detail-docs.ts';
import { randomRows, rng } from './helpers/random-rows.ts';

describe('schema gate', () => {
  it.each(routesOfKind('detail'))('$path accepts a complete document and refuses a broken one', (detail) => {
    const list = routesOfKind('list').find((l) => l.resource === detail.resource)!;
    const [row] = randomRows(list, 1, rng(5));
    const doc = detailDocFromRow(list, row!);
    expect(() => assertDocsValid(detail, [{ id: 'a', doc: JSON.stringify(doc) }])).not.toThrow();
    const missing = { ...doc };
    delete missing[list.fields[1]!];
    expect(() => assertDocsValid(detail, [{ id: 'b', doc: missing }])).toThrow(new RegExp(`b: / must have required property '${list.fields[1]}'`));
  });

  it('refuses a list record whose integer id arrives as text (a BIGINT slip)', () => {
    const route = routesOfKind('list').find((r) => r.resource === 'organizations')!;
    const [row] = randomRows(route, 1, rng(1));
    expect(() => assertRecordsValid(route, [{ ...row!, id: String(row!.id) }])).toThrow(/must be integer/);
  });
});
