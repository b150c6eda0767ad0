// Registry XML adapter over hand-made fixtures: both layouts, repeated groups, spellings, mojibake, broken records.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../../pipeline/db/warehouse.ts';
import { ingestSnapshots, type SnapshotReport } from '../../../pipeline/sources/registry/ingest-snapshots.ts';
import { parseSnapshot } from '../../../pipeline/sources/registry/parse-snapshot.ts';
import { listSnapshots } from '../../../pipeline/sources/registry/snapshot-files.ts';
import { cleanup, fixturesRaw, put, registryFixtures, sourceContext, tempDir } from './helpers.ts';

type Rec = Record<string, string | null>;
const ACTIVE = 'lobbyist-registry/snapshots/2024-03-01/lobbyactivity-active.xml';

describe('registry XML: fixture snapshot (new layout active file, 2019 layout closed file)', () => {
  let wh: Warehouse;
  let report: SnapshotReport;
  let state: string;
  const rows = (sql: string) => wh.all<Rec>(sql);

  beforeAll(async () => {
    state = tempDir();
    ({ wh } = await sourceContext(fixturesRaw));
    report = await ingestSnapshots({ wh, rawDir: fixturesRaw, stateDir: state, log: () => {} });
    return () => cleanup(state);
  });

  it('loads every registration of both files with lineage', async () => {
    const regs = await rows('select * from src_registry__registrations order by sm_number');
    expect(regs.map((r) => [r.sm_number, r.file_kind, r.source_position, r.snapshot_date])).toEqual([
      ['SM00101', 'closed', '1', '2024-03-01'],
      ['SM00102', 'closed', '2', '2024-03-01'],
      ['SM11241', 'active', '1', '2024-03-01'],
      ['SM35352', 'active', '2', '2024-03-01'],
    ]);
    expect(regs[2]).toMatchObject({
      source_file: ACTIVE, status: 'Active', type: 'Consultant', subject_matter: 'Planning;Zoning By-law',
      subject_matter_definition: 'Land use', particulars: 'Rezoning of 123 Main St & 125 Main St; site plan',
      initial_approval_date: '2023-01-05', effective_date: '2023-02-01', proposed_start_date: '2023-01-10',
      proposed_end_date: null,
    });
    expect(regs[3].particulars).toBe('It’s about the “grants’ program');
  });

  it('quarantines the record without SMNumber, with position and excerpt', () => {
    const q = report.quarantine.entries;
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({ source: 'registry', sourceFile: ACTIVE, sourcePosition: 3, reason: 'missing SMNumber' });
    expect(q[0].excerpt).toContain('No number on this one');
  });

  it('reads registrants with the misspelled RegistrationNUmber, blanks as null and repaired mojibake', async () => {
    const r = await rows('select * from src_registry__registrants order by sm_number');
    expect(r.map((x) => x.sm_number)).toEqual(['SM00101', 'SM11241', 'SM35352']);
    expect(r[1]).toMatchObject({
      registration_number: '54370S', registration_number_with_so: '54370S-1', prefix: 'Mr.', first_name: 'John (Jack)',
      middle_initials: null, suffix: null, previous_public_office_holder: 'no', address_line1: '100 King St W',
      address_line2: null, city: 'Toronto,', province: 'ONTAIRO', country: 'canadá', postal_code: 'm5x1a9',
      phone: '416-555-0100',
    });
    expect(r[2]).toMatchObject({ registration_number: '55434C', last_name: 'Côté', city: 'Montréal', country: 'Canadá' });
    expect(r[0]).toMatchObject({ registration_number: '00012C', first_name: 'Old' });
  });

  it('normalises repeated groups with one or many children', async () => {
    const firms = await rows('select sm_number, ordinal, name, type, business_type, city from src_registry__firms order by sm_number, ordinal');
    expect(firms.map((f) => [f.sm_number, f.ordinal, f.name])).toEqual([
      ['SM00101', '1', 'Old Firm'], ['SM11241', '1', 'Smith Strategies'], ['SM11241', '2', 'Smith Holdings'],
      ['SM35352', '1', 'Food Bank of Toronto'],
    ]);
    expect(firms[2]).toMatchObject({ type: 'Parent', business_type: null, city: null });
    const bens = await rows('select * from src_registry__beneficiaries');
    expect(bens).toHaveLength(1);
    expect(bens[0]).toMatchObject({ sm_number: 'SM11241', ordinal: '1', type: 'Client', name: 'Acme Developments Inc.', trade_name: null, fiscal_end: '2022-12-31', postal_code: 'M5E 1E5' });
  });

  it('reads communications of both layouts, with ordinals and duplicate ids suffixed', async () => {
    const c = await rows('select * from src_registry__communications order by sm_number, ordinal');
    expect(c.map((x) => [x.sm_number, x.ordinal])).toEqual([
      ['SM00101', '1'], ['SM11241', '1'], ['SM11241', '2'], ['SM11241', '3'], ['SM11241', '4'], ['SM35352', '1'],
    ]);
    expect(c[1]).toMatchObject({
      poh_office: 'Ward 41 Scarborough-Rouge River', poh_type: 'Member of Council', poh_position: 'Councillor',
      poh_name: 'Jane Doe', communication_method: 'Meeting;Telephone', communication_date: '2023-03-01',
      communication_group_id: '9634', lobbyist_number: null, previous_public_office_holder: 'no',
    });
    expect(c[3].communication_id).toBe(`${c[2].communication_id}-2`);
    expect(c[2].communication_id).toMatch(/^C[0-9a-f]{16}$/);
    expect(c[4]).toMatchObject({ lobbyist_number: '11942S-1', lobbyist_type: 'Sr. Officer', lobbyist_last_name: 'Bailão', poh_office: null });
    expect(c[5].poh_name).toBeNull(); // "null" in the XML
    expect(c[0]).toMatchObject({ poh_office: 'office of councillor moeser, ward 44', communication_date: null });
    expect(new Set(c.map((x) => x.communication_id)).size).toBe(c.length);
  });

  it('keeps grassroots, private and government funding (both spellings) and meetings as JSON payloads', async () => {
    const e = await rows('select sm_number, kind, ordinal, payload from src_registry__extras order by sm_number, kind, ordinal');
    expect(e.map((x) => [x.sm_number, x.kind, x.ordinal])).toEqual([
      ['SM11241', 'gmtfunding', '1'], ['SM11241', 'grassroots', '1'], ['SM11241', 'meeting', '1'],
      ['SM35352', 'gmtfunding', '1'], ['SM35352', 'gmtfunding', '2'], ['SM35352', 'privatefunding', '1'],
    ]);
    expect(JSON.parse(e[0].payload!)).toEqual({ GMTName: 'Government of Canada', Program: 'Housing Accelerator' });
    expect(JSON.parse(e[4].payload!)).toEqual({ GMTName: 'City of Toronto', Program: 'Community grants' });
    expect(JSON.parse(e[5].payload!)).toEqual({ Funding: 'Foundation X', Contact: 'Ann Lee', Agent: null, AgentContact: null });
    const meeting = JSON.parse(e[2].payload!);
    expect(meeting.Committee).toBe('Executive Committee');
    expect(meeting.Desc).toBeNull();
    // POHS and Lobbyists are lists even with a single child
    expect(meeting.POHS).toEqual([{ Name: 'Jane Doe', Office: 'Ward 41', Title: 'Councillor', Type: 'Member of Council' }]);
    expect(meeting.Lobbyists.map((l: Rec) => l.LastName)).toEqual(['Smith', 'Bailão']);
  });

  it('gives the id-only pass the same communication ids as the full parse', async () => {
    const [snapshot] = await listSnapshots(fixturesRaw);
    const ids = await parseSnapshot(snapshot, 'ids');
    const full = await parseSnapshot(snapshot, 'full');
    expect(ids.sightings).toEqual(full.sightings);
    expect(ids.sightings).toHaveLength(6);
    expect(ids.sha256).toBe(full.sha256);
  });
});

describe('registry XML: broken input', () => {
  let raw: string;
  afterEach(() => cleanup(raw));

  async function ingestFiles(files: Record<string, string | Uint8Array>) {
    raw = tempDir();
    for (const [name, content] of Object.entries(files)) put(path.join(raw, 'lobbyist-registry/snapshots/2024-05-01', name), content);
    const { wh } = await sourceContext(raw);
    const report = await ingestSnapshots({ wh, rawDir: raw, stateDir: path.join(raw, 'state'), log: () => {} });
    const sms = (await wh.all<Rec>('select sm_number from src_registry__registrations order by 1')).map((r) => r.sm_number);
    return { report, sms, reasons: report.quarantine.entries.map((q) => q.reason) };
  }
  const broken = (name: string) => fs.readFileSync(path.join(registryFixtures, 'broken', name));

  it('quarantines the record with a mismatched tag and reads on at the next record', async () => {
    const { sms, reasons, report } = await ingestFiles({ 'lobbyactivity-active.xml': broken('malformed.xml') });
    // SM30002 has </Stat>, SM30003 an unescaped &; SM30004 after them is read.
    expect(sms).toEqual(['SM30001', 'SM30004']);
    expect(reasons).toEqual(['xml parse error: unexpected close tag.', 'xml parse error: record elements do not close (an unescaped & or < inside?)']);
    expect(report.quarantine.entries.map((q) => q.sourcePosition)).toEqual([2, 3]);
    expect(report.quarantine.entries[0].excerpt).toContain('SM30002');
    expect(report.quarantine.files).toEqual([]);
  });

  it('recovers at the next record whatever broke inside one: a cut tag, a lost end tag, a damaged start tag', async () => {
    const row = (n: number, inner = `<Status>Active</Status>`) => `<ROW><SMXML><SM><SMNumber>SM${n}</SMNumber>${inner}</SM></SMXML></ROW>\n`;
    const xml = `<?xml version="1.0"?>\n<ROWSET>\n${row(1)}${row(2, '<Status>Act')}${row(3)}`
      + `<ROW><SMXML><SM><SMNumber>SM4</SMNumber></SM></SMXML>\n${row(5)}<RW><SMXML><SM><SMNumber>SM6</SMNumber></SM></SMXML></ROW>\n`
      + `${row(7, '<Status>\u0001</Status>')}${row(8)}</ROWSET>\n`;
    const { sms, report } = await ingestFiles({ 'lobbyactivity-active.xml': xml });
    expect(sms).toEqual(['SM1', 'SM3', 'SM5', 'SM8']);
    const q = report.quarantine.entries.map((e) => [e.sourcePosition, e.reason]);
    expect(q).toEqual([
      [2, expect.stringMatching(/^xml parse error/)],
      [4, 'xml parse error: record not closed before the next record began'],
      [6, 'xml parse error: text outside any record (a damaged record tag?)'],
      [6, expect.stringMatching(/^xml parse error: disallowed character/)],
    ]);
    expect(report.quarantine.entries[2].excerpt).toContain('SM6');
    expect(report.quarantine.files).toEqual([]);
  });

  it('quarantines the record cut off by a truncated file', async () => {
    const { sms, report } = await ingestFiles({ 'lobbyactivity-closed.xml': broken('truncated.xml') });
    expect(sms).toEqual(['SM20001']);
    const [q] = report.quarantine.entries;
    expect(q).toMatchObject({ sourcePosition: 2, reason: 'truncated record: file ended inside it' });
    expect(q.excerpt).toContain('SM20002');
    // The file stopped early: a file-level problem besides the record.
    expect(report.quarantine.files.map((f) => [f.reason, f.rows])).toEqual([
      ['file ends before its last record or its root element closes (cut off?)', 2],
    ]);
  });

  it('survives a file that is not XML at all, and an empty one', async () => {
    const garbage = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256);
    const { sms, report } = await ingestFiles({ 'lobbyactivity-active.xml': garbage, 'lobbyactivity-closed.xml': '' });
    expect(sms).toEqual([]);
    // Both are files that cannot be read whole: file-level quarantine entries the night guard refuses.
    expect(report.quarantine.files.map((f) => [f.sourceFile.split('/').pop(), f.reason, f.rows])).toEqual([
      ['lobbyactivity-active.xml', 'no registry records in the file', 0],
      ['lobbyactivity-closed.xml', 'no registry records in the file', 0],
    ]);
    expect(report.quarantine.entries.filter((e) => e.sourcePosition === null)).toHaveLength(2);
  });

  it('reports a cut-off ZIP as broken and quarantines the entry it ended inside', async () => {
    const { zipSync } = await import('fflate');
    const xml = fs.readFileSync(path.join(fixturesRaw, ACTIVE));
    const zip = zipSync({ 'lobbyactivity-active.xml': xml }, { level: 0 }); // stored: the cut lands inside the XML
    const { sms, reasons } = await ingestFiles({ 'lobbyactivity.zip': zip.subarray(0, Math.floor(zip.length * 0.85)) });
    expect(sms).toEqual(['SM11241']);
    expect(reasons).toContain('broken zip file');
    expect(reasons).toContain('truncated record: file ended inside it');
  });

  it('finds SM at any depth and caps excerpts at 500 characters', async () => {
    const long = 'x'.repeat(2000);
    const xml = `<ROWSET><ROW><WRAP><SMXML><SM><SMNumber>SM1</SMNumber></SM></SMXML></WRAP></ROW>
      <ROW><SMXML><SM><Particulars>${long}</Particulars></SM></SMXML></ROW></ROWSET>`;
    const { sms, report } = await ingestFiles({ 'lobbyactivity-active.xml': xml });
    expect(sms).toEqual(['SM1']);
    expect(report.quarantine.entries[0].reason).toBe('missing SMNumber');
    expect(report.quarantine.entries[0].excerpt.length).toBeLessThanOrEqual(500);
  });
});
