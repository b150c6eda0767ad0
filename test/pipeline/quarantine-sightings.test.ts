// The night a quarantined record was first set aside: kept across nights in the state, the same record recognised
// under tomorrow's snapshot folder and another position, a new one dated tonight, one that leaves and comes back
// keeping its first night; the published table never carries the excerpt.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';
import { recordQuarantineSightings } from '../../pipeline/lib/quarantine-sightings.ts';
import { createSourceTables, toRow } from '../../pipeline/sources/common/tables.ts';

const stateDir = mkdtempSync(path.join(tmpdir(), 'qsight-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

const missingSm = (date: string, position: number) => ({ source: 'registry', source_file: `lobbyist-registry/snapshots/${date}/lobbyactivity.zip!/lobbyactivity-closed.xml`,
  source_position: position, reason: 'missing SMNumber', excerpt: '<SM><Status>Closed</Status>…</SM>', record_key: null });
const vote = { source: 'votes', source_file: 'council-voting-record/VW_OPEN_VOTE_2022_2026.csv', source_position: 103, reason: 'unknown Vote value "Conflict"',
  excerpt: '2022-2026,Anna,Ford,…', record_key: null };
const undated = { source: 'registry', source_file: 'lobbyist-registry/snapshots/2026-11-21/lobbyactivity.zip!/lobbyactivity-active.xml',
  source_position: 7, reason: 'communication has no date', excerpt: '9100123', record_key: '9100123' };

async function night(date: string, rows: Record<string, string | number | null>[]) {
  const wh = await openWarehouse(':memory:');
  await createSourceTables(wh, ['quarantine']);
  await wh.appendText('quarantine', rows.map((r) => toRow('quarantine', r)));
  await recordQuarantineSightings(wh, stateDir, date);
  const published = await wh.all<Record<string, unknown>>('select * from quarantine_published');
  wh.close();
  return published;
}

describe('quarantine sightings', () => {
  it('date each record by the night it was first quarantined, across snapshot folders and positions', async () => {
    const first = await night('2026-11-20', [missingSm('2026-11-20', 79), vote]);
    expect(first.map((r) => r.first_seen)).toEqual(['2026-11-20', '2026-11-20']);
    expect(Object.keys(first[0]!)).toEqual(['source', 'source_file', 'source_position', 'record_key', 'reason', 'first_seen']);
    const second = await night('2026-11-21', [missingSm('2026-11-21', 80), undated]);
    expect(second.map((r) => [r.reason, r.first_seen, r.source_position])).toEqual([
      ['communication has no date', '2026-11-21', '7'], ['missing SMNumber', '2026-11-20', '80'],
    ]);
    expect(second.find((r) => r.record_key !== null)?.record_key).toBe('9100123');
    // the vote row was absent on the 21st and comes back: still first seen on the 20th
    const third = await night('2026-11-22', [vote]);
    expect(third.map((r) => r.first_seen)).toEqual(['2026-11-20']);
  });
});
