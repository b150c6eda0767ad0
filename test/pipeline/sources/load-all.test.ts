// loadSources over the whole fixture raw folder (every City dataset, plus the City's real CoA excerpt): every src table
// and quarantine created and counted; with nothing present every table is created empty and each source says so once.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../pipeline/db/warehouse.ts';
import { SOURCE_TABLES } from '../../../pipeline/sources/common/tables.ts';
import { loadSources } from '../../../pipeline/sources/load-all.ts';
import { cleanup, fixturesRaw, samplesDir, tempDir } from './helpers.ts';

describe('loadSources', () => {
  let dir: string;
  afterEach(() => cleanup(dir));

  it('loads every source of the fixture raw folder and counts rows and quarantined records per table', async () => {
    dir = tempDir();
    const raw = path.join(dir, 'raw');
    fs.cpSync(fixturesRaw, raw, { recursive: true });
    fs.copyFileSync(path.join(samplesDir, 'coa_active_applications_excerpt.csv'),
      path.join(raw, 'committee-of-adjustment/active-committee-of-adjustment-applications.csv'));
    const wh = await openWarehouse(':memory:');
    const logs: string[] = [];
    const summary = await loadSources({ wh, rawDir: raw, stateDir: path.join(dir, 'state'), log: (m) => logs.push(m) });
    expect(summary.tables).toEqual({
      src_registry__registrations: 4, src_registry__registrants: 3, src_registry__beneficiaries: 1, src_registry__firms: 4,
      src_registry__communications: 6, src_registry__extras: 6, src_registry__sightings: 6, src_votes__rows: 3,
      src_tmmis__agenda_items: 4, src_tmmis__decision_bodies: 2, src_tmmis__decision_body_members: 2,
      src_meetings__schedule: 2, src_officials__contacts: 3,
      src_development__applications: 3, src_coa__applications: 33, src_geo__address_points: 2, src_geo__wards: 2,
      src_procurement__awarded: 4, src_procurement__non_competitive: 2, src_procurement__solicitations: 2,
      src_contributions__rows: 9, src_contributions__filings: 2, src_groups__manual: 2,
      src_tmmis__item_communications: 0, src_review__decisions: 0, // positions and review: no such files in this fixture
      quarantine: 20,
    });
    expect(summary.quarantine).toEqual({
      registry: { 'missing SMNumber': 1 },
      votes: { 'wrong column count (expected 11, got 9)': 1, 'unknown Vote value "Maybe"': 1 },
      tmmis: { 'missing reference': 1, 'missing decisionBodyId': 1 },
      development: { 'missing APPLICATION#': 1, 'wrong column count (expected 24, got 8)': 1 },
      coa: { 'missing SYS_ID and REFERENCE_FILE#': 1 },
      geo: { 'missing ADDRESS_POINT_ID': 1, 'wrong column count (expected 30, got 19)': 1, 'missing AREA_SHORT_CODE': 1 },
      procurement: { 'missing Document Number': 1, 'missing Workspace Number': 1 },
      contributions: {
        'missing contributor name': 1, 'missing contribution amount': 2, 'wrong column count (expected 12, got 3)': 1,
        'missing Candidate': 1, 'no recognised header row; file not read': 1,
      },
      groups: { 'missing group_name': 1 },
    });
    expect(summary.registry.fullParse?.date).toBe('2024-03-01');
    const q = await wh.all<Record<string, string>>('select * from quarantine where source = $s', { s: 'registry' });
    expect(q[0]).toMatchObject({ source_file: 'lobbyist-registry/snapshots/2024-03-01/lobbyactivity-active.xml', source_position: '3', reason: 'missing SMNumber' });
    const [{ n }] = await wh.all<{ n: number }>(
      "select count(*)::int as n from src_coa__applications where file_kind = 'active'");
    expect(n).toBe(31);
    expect(logs.some((l) => l.includes('full parse of 2024-03-01'))).toBe(true);
    expect(logs.filter((l) => l.includes('stay empty') && !l.startsWith('review:'))).toEqual([]);
  });

  it('creates every table empty when the raw folder holds nothing, one log line per source file kind', async () => {
    dir = tempDir();
    const wh = await openWarehouse(':memory:');
    const logs: string[] = [];
    const summary = await loadSources({ wh, rawDir: path.join(dir, 'raw'), stateDir: path.join(dir, 'state'), log: (m) => logs.push(m) });
    expect(Object.keys(summary.tables).sort()).toEqual(Object.keys(SOURCE_TABLES).sort());
    expect(Object.values(summary.tables).every((n) => n === 0)).toBe(true);
    expect(summary.quarantine).toEqual({});
    expect(logs.filter((l) => l.includes('left empty'))).toHaveLength(6);
    expect(logs.filter((l) => l.includes('stay empty')).map((l) => l.split(':')[0])).toEqual([
      'development', 'coa', 'geo', 'geo', 'procurement', 'procurement', 'procurement', 'contributions', 'groups', 'review',
    ]);
  });
});
