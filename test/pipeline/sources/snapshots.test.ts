// Snapshot history across nightly runs: first-seen dates kept, only new snapshots read, backfills, ZIP and folder input.
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../pipeline/db/warehouse.ts';
import { toCommunicationIds } from '../../../pipeline/sources/registry/communication-id.ts';
import { ingestSnapshots } from '../../../pipeline/sources/registry/ingest-snapshots.ts';
import { cleanup, put, tempDir } from './helpers.ts';

type Comm = [sm: string, date: string, poh: string];

/** A registry XML file holding one SM per distinct SM number, with the given communications. */
function registryXml(comms: Comm[]): string {
  const bySm = new Map<string, Comm[]>();
  for (const c of comms) bySm.set(c[0], [...(bySm.get(c[0]) ?? []), c]);
  const rows = [...bySm].map(([sm, list]) => `<ROW><SMXML><SM><SMNumber>${sm}</SMNumber><Status>Active</Status>
    <Registrant><RegistrationNUmber>1S</RegistrationNUmber></Registrant><Communications>${list
      .map(([, date, poh]) => `<Communication><POH_Name>${poh}</POH_Name><CommunicationDate>${date}</CommunicationDate></Communication>`)
      .join('')}</Communications></SM></SMXML></ROW>`);
  return `<?xml version="1.0"?>\n<ROWSET>${rows.join('\n')}</ROWSET>`;
}

/** The id a communication gets when it is alone in its registration (the shape used here). */
const idOf = ([sm, date, poh]: Comm) =>
  toCommunicationIds([{ sm_number: sm, communication_date: date, poh_type: null, poh_office: null, poh_position: null,
    poh_name: poh, communication_method: null, communication_group_id: null, lobbyist_number: null }])[0];

const A: Comm = ['SM1', '2024-01-01', 'Ann'];
const B: Comm = ['SM2', '2024-01-02', 'Bob'];
const C: Comm = ['SM3', '2024-01-03', 'Cy'];
const D: Comm = ['SM4', '2023-12-20', 'Di'];

describe('ingestSnapshots across runs', () => {
  let raw: string;
  let state: string;
  const logs: string[] = [];
  beforeEach(() => {
    raw = tempDir();
    state = path.join(raw, '_state');
    logs.length = 0;
  });
  afterEach(() => cleanup(raw));

  const addZip = (date: string, active: Comm[], closed: Comm[] = []) =>
    put(path.join(raw, 'lobbyist-registry/snapshots', date, 'lobbyactivity.zip'), zipSync({
      'lobbyactivity-active.xml': new TextEncoder().encode(registryXml(active)),
      'lobbyactivity-closed.xml': new TextEncoder().encode(registryXml(closed)),
    }));
  const addFolder = (date: string, active: Comm[]) =>
    put(path.join(raw, 'lobbyist-registry/snapshots', date, 'lobbyactivity-active.xml'), registryXml(active));

  async function run() {
    const wh = await openWarehouse(':memory:');
    const report = await ingestSnapshots({ wh, rawDir: raw, stateDir: state, log: (m) => logs.push(m) });
    const sightings = await wh.all<Record<string, string>>('select * from src_registry__sightings order by communication_id');
    const byId = Object.fromEntries(sightings.map((s) => [s.communication_id, [s.first_seen_date, s.last_seen_date]]));
    const regs = await wh.all<Record<string, string>>('select sm_number, snapshot_date, source_file from src_registry__registrations order by 1');
    wh.close();
    return { report, byId, sightings, regs };
  }
  const stateJson = () => JSON.parse(fs.readFileSync(path.join(state, 'registry-snapshots.json'), 'utf8'));

  it('records first and last sightings and loads the newest snapshot from a ZIP', async () => {
    addZip('2024-02-01', [A], [B]);
    addZip('2024-02-02', [A, C]);
    const { report, byId, sightings, regs } = await run();
    expect(report.ingested).toEqual(['2024-02-01', '2024-02-02']);
    expect(byId).toEqual({
      [idOf(A)]: ['2024-02-01', '2024-02-02'],
      [idOf(B)]: ['2024-02-01', '2024-02-01'],
      [idOf(C)]: ['2024-02-02', '2024-02-02'],
    });
    expect(sightings.find((s) => s.communication_id === idOf(C))).toMatchObject({ sm_number: 'SM3', communication_date: '2024-01-03' });
    expect(regs).toEqual([
      { sm_number: 'SM1', snapshot_date: '2024-02-02', source_file: 'lobbyist-registry/snapshots/2024-02-02/lobbyactivity.zip!/lobbyactivity-active.xml' },
      { sm_number: 'SM3', snapshot_date: '2024-02-02', source_file: 'lobbyist-registry/snapshots/2024-02-02/lobbyactivity.zip!/lobbyactivity-active.xml' },
    ]);
    const entries = stateJson();
    expect(entries.map((e: { date: string; communications: number }) => [e.date, e.communications])).toEqual([['2024-02-01', 2], ['2024-02-02', 2]]);
    expect(entries[0].file).toBe('lobbyist-registry/snapshots/2024-02-01/lobbyactivity.zip');
    expect(entries[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readdirSync(state).sort()).toEqual(['registry-sightings.parquet', 'registry-snapshots.json']); // no temp files left
  });

  it('keeps earlier first-seen dates when a later run brings one more snapshot, and reads only that one', async () => {
    addZip('2024-02-01', [A], [B]);
    addZip('2024-02-02', [A]);
    await run();
    addZip('2024-02-03', [A, C]);
    const { report, byId } = await run();
    expect(report.ingested).toEqual(['2024-02-03']);
    expect(report.idPass.snapshots).toBe(0); // the new snapshot is the newest: its full parse gives the ids
    expect(byId[idOf(A)]).toEqual(['2024-02-01', '2024-02-03']);
    expect(byId[idOf(B)]).toEqual(['2024-02-01', '2024-02-01']);
    expect(byId[idOf(C)]).toEqual(['2024-02-03', '2024-02-03']);
    expect(stateJson()).toHaveLength(3);
  });

  it('does no id-pass work and leaves the state untouched when nothing is new', async () => {
    addZip('2024-02-01', [A]);
    addZip('2024-02-02', [A, B]);
    await run();
    const before = fs.readFileSync(path.join(state, 'registry-sightings.parquet'));
    const beforeJson = fs.readFileSync(path.join(state, 'registry-snapshots.json'), 'utf8');
    const { report, byId } = await run();
    expect(report.ingested).toEqual([]);
    expect(report.idPass).toMatchObject({ snapshots: 0, mb: 0 });
    expect(Object.keys(byId)).toHaveLength(2);
    expect(fs.readFileSync(path.join(state, 'registry-sightings.parquet')).equals(before)).toBe(true);
    expect(fs.readFileSync(path.join(state, 'registry-snapshots.json'), 'utf8')).toBe(beforeJson);
    expect(logs.at(-1)).toContain('no new snapshot');
  });

  it('handles a backfilled snapshot older than those already read', async () => {
    addZip('2024-02-02', [A]);
    addZip('2024-02-03', [A, B]);
    await run();
    addZip('2024-01-15', [B, D]);
    const { report, byId, regs } = await run();
    expect(report.ingested).toEqual(['2024-01-15']);
    expect(report.idPass.snapshots).toBe(1);
    expect(byId[idOf(B)]).toEqual(['2024-01-15', '2024-02-03']); // first seen lowered
    expect(byId[idOf(A)]).toEqual(['2024-02-02', '2024-02-03']);
    expect(byId[idOf(D)]).toEqual(['2024-01-15', '2024-01-15']);
    expect(regs.every((r) => r.snapshot_date === '2024-02-03')).toBe(true); // still the newest snapshot loaded
    expect(stateJson().map((e: { date: string }) => e.date)).toEqual(['2024-01-15', '2024-02-02', '2024-02-03']);
  });

  it('accepts unzipped snapshot folders and re-reads a newest snapshot whose file changed', async () => {
    addFolder('2024-03-01', [A]);
    const first = await run();
    expect(first.regs[0].source_file).toBe('lobbyist-registry/snapshots/2024-03-01/lobbyactivity-active.xml');
    addFolder('2024-03-01', [A, C]); // re-downloaded the same day
    const { report, byId } = await run();
    expect(report.ingested).toEqual(['2024-03-01']);
    expect(byId[idOf(C)]).toEqual(['2024-03-01', '2024-03-01']);
    expect(stateJson()).toHaveLength(1);
  });

  it('rebuilds from scratch when one state file is missing', async () => {
    addZip('2024-02-01', [A]);
    addZip('2024-02-02', [B]);
    await run();
    fs.rmSync(path.join(state, 'registry-sightings.parquet'));
    const { report, byId } = await run();
    expect(report.ingested).toEqual(['2024-02-01', '2024-02-02']);
    expect(byId[idOf(A)]).toEqual(['2024-02-01', '2024-02-01']);
  });

  it('loads empty tables when there are no snapshots', async () => {
    const { report, sightings, regs } = await run();
    expect(report.snapshotsFound).toBe(0);
    expect(sightings).toEqual([]);
    expect(regs).toEqual([]);
    expect(fs.existsSync(state)).toBe(false);
  });
});
