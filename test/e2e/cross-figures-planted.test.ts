// The sample city's planted cases for "one organisation, one figure", each with its null, on the default city: an
// organisation written under several spellings (the firm Beacon Government Relations Inc. under seven, folding to
// three records) answers as one canonical record wherever the published L3 links join its records, while planted
// look-alikes of other organisations stay apart; a contract whose supplier is written so that only the L6 model
// finds it is counted for that organisation by /contracts and every procurement figure, while planted look-alike
// suppliers are not; communications with no method stated are counted once, as not_stated, by the person detail and
// the office-contacts insight. The truth is mapped to warehouse ids by the link-quality mappers (links-fitting/truth).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCity } from './city.ts';
import { openCityApp, type E2eApp } from './harness.ts';
import { type Row } from './cross-figures-support.ts';
import { walkAll } from './walk.ts';
import { openWarehouse, type Warehouse } from '../../pipeline/db/warehouse.ts';
import { TRUTH_MAPPERS } from '../../links-fitting/truth/mappers.ts';
import { organisationIds } from '../../links-fitting/truth/l3.ts';
import type { PlantedTruth, TaskTruth } from '../../links-fitting/truth/types.ts';

let gw: E2eApp;
let wh: Warehouse;
let truth: PlantedTruth;
let canonicalOf: Map<number, number>; // every organisation record → the id /organizations/{id} answers with
let published: Set<string>; // published links as `task from|to`

beforeAll(async () => {
  const config = await defaultCity();
  gw = await openCityApp(config);
  wh = await openWarehouse(config.warehousePath, { readOnly: true });
  truth = JSON.parse(readFileSync(path.join(config.rawDir, 'sample-truth', 'planted-truth.json'), 'utf8')) as PlantedTruth;
  canonicalOf = new Map();
  for (const { id } of await wh.all<{ id: number }>('select id from int_organizations order by id')) {
    const { status, body } = await gw.json<{ data: { id: number } }>(`/organizations/${id}`);
    expect(status, `/organizations/${id}`).toBe(200);
    canonicalOf.set(id, body.data.id);
  }
  published = new Set((await walkAll<Row>(gw, '/links?task=L3')).concat(await walkAll<Row>(gw, '/links?task=L6'))
    .map((l) => `${l.task} ${l.from_id}|${l.to_id}`));
}, 600_000);
afterAll(() => wh?.close());

const pairsOf = (set: Set<string>) => [...set].map((k) => k.split('|') as [string, string]);

describe('planted: an organisation under several spellings', () => {
  it('the firm written seven ways answers as one canonical record, named by every registration it lobbied on', async () => {
    const records = (await organisationIds(wh, truth)).get('O117')!; // Beacon Government Relations Inc.
    expect(records.length).toBeGreaterThanOrEqual(3);
    const canonical = new Set(records.map((id) => canonicalOf.get(id)));
    expect(canonical.size).toBe(1);
    const [beacon] = [...canonical] as number[];
    const raw = await wh.all<{ id: string }>(`select id from int_registrations where firm_organization_id in (${records.join(', ')}) order by id`);
    const registrations = await walkAll<Row>(gw, `/registrations`);
    const firmOf = new Map(registrations.map((r) => [r.id as string, r.firm_organization_id]));
    expect(raw.length).toBeGreaterThan(10);
    for (const { id } of raw) expect(firmOf.get(id), id).toBe(beacon);
    // firm-clients: one firm, whichever of its records' ids is asked
    const rows = await walkAll<Row>(gw, `/insights/firm-clients?firm=${beacon}`);
    expect(rows.length).toBeGreaterThan(0);
    for (const id of records) expect(await walkAll<Row>(gw, `/insights/firm-clients?firm=${id}`)).toEqual(rows);
  });

  it('every planted family the published L3 links join is one record; every planted look-alike pair stays two', async () => {
    const l3: TaskTruth = await TRUTH_MAPPERS.L3(wh, truth);
    const joined = pairsOf(l3.positives).filter(([a, b]) => published.has(`L3 ${a}|${b}`) || published.has(`L3 ${b}|${a}`));
    expect(joined.length).toBeGreaterThan(30);
    for (const [a, b] of joined) expect(canonicalOf.get(Number(a)), `${a} and ${b}`).toBe(canonicalOf.get(Number(b)));
    const decoys = pairsOf(l3.decoys);
    expect(decoys.length).toBeGreaterThan(5);
    for (const [a, b] of decoys) expect(canonicalOf.get(Number(a)), `decoy ${a} and ${b}`).not.toBe(canonicalOf.get(Number(b)));
  });
});

describe('planted: a supplier known only through its L6 link', () => {
  it('is the contract\'s supplier at /contracts and in every procurement figure; a look-alike supplier is not', async () => {
    const l6: TaskTruth = await TRUTH_MAPPERS.L6(wh, truth);
    const keyed = new Set((await wh.all<{ id: string }>('select id from int_contracts where supplier_key_organization_id is not null'))
      .map((r) => r.id));
    // planted spellings no key resolves, whose L6 link is published: only the link names the supplier
    const onlyL6 = pairsOf(l6.positives).filter(([c, o]) => !keyed.has(c) && published.has(`L6 ${c}|${o}`));
    expect(onlyL6.length).toBeGreaterThan(5);
    const contracts = new Map((await walkAll<Row>(gw, '/contracts')).map((c) => [c.id as string, c]));
    for (const [c, o] of onlyL6) expect(contracts.get(c)?.supplier_organization_id, c).toBe(canonicalOf.get(Number(o)));
    for (const supplier of new Set(onlyL6.map(([, o]) => canonicalOf.get(Number(o))!))) {
      const listed = (await walkAll<Row>(gw, `/contracts?supplier=${supplier}`)).filter((k) => k.date !== null);
      const share = (await walkAll<Row>(gw, `/insights/noncompetitive-share?scope=supplier&scope_id=${supplier}&reason=*`))
        .reduce((n, r) => n + (r.all_contracts as number), 0);
      const awards = (await walkAll<Row>(gw, `/insights/procurement-timeline?organization=${supplier}`))
        .filter((e) => e.event === 'contract_awarded').map((e) => e.contract_id).sort();
      expect({ share, awards }, `supplier ${supplier}`).toEqual({ share: listed.length, awards: listed.map((k) => k.id).sort() });
    }
    const decoys = pairsOf(l6.decoys);
    expect(decoys.length).toBeGreaterThan(3);
    for (const [c, o] of decoys) expect(contracts.get(c)?.supplier_organization_id, `decoy ${c}`).not.toBe(canonicalOf.get(Number(o)));
  });
});

describe('planted: communications with no method stated', () => {
  it('are counted once, as not_stated, and never as other', async () => {
    const members = await walkAll<Row>(gw, '/people?role=member_of_council');
    let notStated = 0;
    for (const m of members) {
      const comms = (await walkAll<Row>(gw, `/communications?member=${m.id}`))
        .filter((c) => c.office_holder_type === 'member_of_council' || c.office_holder_type === 'councillor_staff');
      const detail = (await gw.json<{ data: Row }>(`/people/${m.id}`)).body.data.office_contacts as Row;
      const byMethod = detail.by_method as Record<string, number>;
      expect({ other: byMethod.other, not_stated: byMethod.not_stated }, `person ${m.id}`).toEqual({
        other: comms.filter((c) => c.method === 'other').length, not_stated: comms.filter((c) => c.method === null).length,
      });
      notStated += byMethod.not_stated!;
    }
    expect(notStated).toBeGreaterThan(20);
  });
});
