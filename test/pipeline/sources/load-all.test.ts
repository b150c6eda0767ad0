// loadSources: every src table and quarantine created and filled from the fixture raw folder; missing folders tolerated.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../pipeline/lib/warehouse.ts';
import { SOURCE_TABLES } from '../../../pipeline/sources/common/tables.ts';
import { loadSources } from '../../../pipeline/sources/load-all.ts';
import { cleanup, fixturesRaw, tempDir } from './helpers.ts';

describe('loadSources', () => {
  let dir: string;
  afterEach(() => cleanup(dir));

  it('loads the fixture raw folder and counts rows and quarantined records', async () => {
    dir = tempDir();
    const wh = await openWarehouse(':memory:');
    const logs: string[] = [];
    const summary = await loadSources({ wh, rawDir: fixturesRaw, stateDir: path.join(dir, 'state'), log: (m) => logs.push(m) });
    expect(summary.tables).toMatchObject({
      src_registry__registrations: 4, src_registry__registrants: 3, src_registry__beneficiaries: 1, src_registry__firms: 4,
      src_registry__communications: 6, src_registry__extras: 6, src_registry__sightings: 6, src_votes__rows: 3,
      src_tmmis__agenda_items: 4, src_tmmis__decision_bodies: 2, src_tmmis__decision_body_members: 2,
      src_meetings__schedule: 2, src_officials__contacts: 3, quarantine: 5,
    });
    expect(summary.quarantine).toEqual({
      registry: { 'missing SMNumber': 1 },
      votes: { 'wrong column count (expected 11, got 9)': 1, 'unknown Vote value "Maybe"': 1 },
      tmmis: { 'missing reference': 1, 'missing decisionBodyId': 1 },
    });
    expect(summary.registry.fullParse?.date).toBe('2024-03-01');
    const q = await wh.all<Record<string, string>>('select * from quarantine where source = $s', { s: 'registry' });
    expect(q[0]).toMatchObject({ source_file: 'lobbyist-registry/snapshots/2024-03-01/lobbyactivity-active.xml', source_position: '3', reason: 'missing SMNumber' });
    expect(logs.some((l) => l.includes('full parse of 2024-03-01'))).toBe(true);
  });

  it('creates every table empty when the raw folder holds nothing', async () => {
    dir = tempDir();
    const wh = await openWarehouse(':memory:');
    const logs: string[] = [];
    const summary = await loadSources({ wh, rawDir: path.join(dir, 'raw'), stateDir: path.join(dir, 'state'), log: (m) => logs.push(m) });
    expect(Object.keys(summary.tables).sort()).toEqual(Object.keys(SOURCE_TABLES).sort());
    expect(Object.values(summary.tables).every((n) => n === 0)).toBe(true);
    expect(summary.quarantine).toEqual({});
    expect(logs.filter((l) => l.includes('left empty'))).toHaveLength(6);
  });
});
