// Sample-city generator: determinism, published formats, snapshot semantics and planted truth consistency.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleCity } from '../../sample/generate.ts';

const base = { seed: 20261122, scale: 0.005, asOf: '2026-11-20' };
let a: string, b: string, daily: string;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => { const p = join(dir, n); return statSync(p).isDirectory() ? walk(p) : [p]; });
}
const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
function snapshot(dir: string, day: string): Record<string, string> {
  const files = unzipSync(readFileSync(join(dir, 'lobbyist-registry/snapshots', day, 'lobbyactivity.zip')));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, Buffer.from(v).toString('utf8')]));
}
const days = (dir: string) => readdirSync(join(dir, 'lobbyist-registry/snapshots')).sort();
/** Communications of a snapshot as "SM|ordinal|content" keys. */
function commKeys(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const row of xml.split('<ROW>').slice(1)) {
    const sm = /<SMNumber>([^<]*)<\/SMNumber>/.exec(row)?.[1] ?? '?';
    [...row.matchAll(/<Communication>(.*?)<\/Communication>/g)].forEach((m, i) => out.set(`${sm}|${i + 1}`, m[1]));
  }
  return out;
}
const firstLine = (p: string) => readFileSync(p, 'utf8').split('\r\n')[0];

beforeAll(async () => {
  a = mkdtempSync(join(tmpdir(), 'sample-a-'));
  b = mkdtempSync(join(tmpdir(), 'sample-b-'));
  daily = mkdtempSync(join(tmpdir(), 'sample-d-'));
  await generateSampleCity({ ...base, outDir: a, snapshotEvery: 30 });
  await generateSampleCity({ ...base, outDir: b, snapshotEvery: 30 });
  await generateSampleCity({ ...base, outDir: daily, snapshotEvery: 1 });
});
afterAll(() => { for (const d of [a, b, daily]) rmSync(d, { recursive: true, force: true }); });

describe('sample city generator', () => {
  it('is deterministic: same options give byte-identical files', () => {
    const fa = walk(a).map((p) => relative(a, p)).sort(), fb = walk(b).map((p) => relative(b, p)).sort();
    expect(fa).toEqual(fb);
    expect(fa.length).toBeGreaterThan(20);
    for (const f of fa) expect(sha(join(b, f)), f).toBe(sha(join(a, f)));
  });

  it('writes the exact CSV headers', () => {
    for (const t of ['2006_2010', '2010_2014', '2014_2018', '2018_2022', '2022_2026']) {
      expect(firstLine(join(a, `council-voting-record/VW_OPEN_VOTE_${t}.csv`))).toBe('Term,First Name,Last Name,Committee,Date/Time,Agenda Item #,Agenda Item Title,Motion Type,Vote,Result,Vote Description');
      expect(firstLine(join(a, `meeting-schedule/VW_OPEN_MEETING_SCHEDULE_${t}.csv`))).toBe('Term,Committee,MTG #,Date,Start Time,End Time,Location');
    }
    expect(firstLine(join(a, 'elected-officials/2018-2022-elected-officials-contact.csv'))).toBe('District name,District ID,Primary role,First name,Last name,Email,Photo URL,Website,Address line 1,Address line 2,Locality,Postal code,Province,Phone,Fax,Personal Website');
    expect(firstLine(join(a, 'elected-officials/2022-2026-elected-officials-contact.csv'))).toBe('District name,District ID,Primary role,First name,Last name,Email,Photo URL,Website,Address line 1,Address line 2,Locality,Postal code,Province,Phone,Personal Website');
  });

  it('keeps the voting-record quirks (raw 0x92, 24-hour clock with PM, empty 2006-2010 Date/Time)', () => {
    const all = ['2010_2014', '2014_2018'].map((t) => readFileSync(join(a, `council-voting-record/VW_OPEN_VOTE_${t}.csv`)));
    for (const buf of all) expect(buf.includes(0x92)).toBe(true);
    const recent = readFileSync(join(a, 'council-voting-record/VW_OPEN_VOTE_2018_2022.csv'), 'utf8');
    expect(recent).toMatch(/\d{4}-\d{2}-\d{2} 1[3-9]:\d{2} PM/);
    const old = readFileSync(join(a, 'council-voting-record/VW_OPEN_VOTE_2006_2010.csv'), 'utf8').split('\r\n').slice(1, 50);
    for (const line of old.filter(Boolean)) expect(line.split(',')[4]).toBe('');
  });

  it('writes well-formed XML with the City element spellings and both funding spellings', () => {
    const snap = snapshot(a, base.asOf);
    expect(Object.keys(snap).sort()).toEqual(['lobbyactivity-active.xml', 'lobbyactivity-closed.xml']);
    const xml = snap['lobbyactivity-active.xml'] + snap['lobbyactivity-closed.xml'];
    for (const text of Object.values(snap)) {
      const p = new SaxesParser();
      let errors = 0;
      p.on('error', () => { errors++; });
      p.write(text).close();
      expect(errors).toBe(0);
      expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    }
    for (const tag of ['<RegistrationNUmber>', '<RegistrationNUmberWithSoNum>', '<BENEFICIARY>', '<Firm>', '<Communication>', '<GRASSROOT>',
      '<Privatefunding>', '<GMTFUNDINGS>', '<GMTFUNDING>', '<Gmtfundings>', '<Gmtfunding>', '<Meeting>', '<POHS>', '<Lobbyists>', '<SMXML>']) {
      expect(xml, tag).toContain(tag);
    }
    expect(xml).toMatch(/<ROW><SMNumber>/); // old layout, fields directly under ROW
  });

  it('only ever adds communications from one snapshot to the next', () => {
    const ds = days(daily);
    expect(ds.length).toBe(291);
    let prev = new Map<string, string>();
    for (const d of ds.filter((_, i) => i % 7 === 0 || i === ds.length - 1)) {
      const snap = snapshot(daily, d);
      const cur = commKeys(snap['lobbyactivity-active.xml'] + snap['lobbyactivity-closed.xml']);
      for (const [k, v] of prev) expect(cur.get(k), `${k} on ${d}`).toBe(v);
      prev = cur;
    }
  });

  it('records some communications more than 3 days after they happened', () => {
    const ds = days(daily);
    const firstSeen = new Map<string, string>();
    for (const d of ds) {
      const snap = snapshot(daily, d);
      for (const [k, v] of commKeys(snap['lobbyactivity-active.xml'] + snap['lobbyactivity-closed.xml'])) if (!firstSeen.has(k)) firstSeen.set(k, `${d}|${/<CommunicationDate>([^<]*)</.exec(v)?.[1] ?? ''}`);
    }
    const inWindow = [...firstSeen.values()].filter((x) => !x.startsWith(ds[0])).map((x) => x.split('|')).filter(([, date]) => date);
    const late = inWindow.filter(([seen, date]) => (Date.parse(seen) - Date.parse(date)) / 864e5 > 3);
    expect(inWindow.length).toBeGreaterThan(0);
    expect(late.length).toBeGreaterThan(0);
  });

  it('plants truth that points at records present in the files', () => {
    const truth = JSON.parse(readFileSync(join(a, 'sample-truth/planted-truth.json'), 'utf8'));
    const snap = snapshot(a, base.asOf);
    const comms = commKeys(snap['lobbyactivity-active.xml'] + snap['lobbyactivity-closed.xml']);
    const sms = new Set([...comms.keys()].map((k) => k.split('|')[0]));
    const xml = snap['lobbyactivity-active.xml'] + snap['lobbyactivity-closed.xml'];
    const tmmis = readdirSync(join(a, 'tmmis')).filter((f) => f.startsWith('agenda-items')).flatMap((f) => JSON.parse(readFileSync(join(a, 'tmmis', f), 'utf8')).Records);
    const byAid = new Map(tmmis.map((r: { agendaItemId: number; reference: string | null }) => [r.agendaItemId, r]));
    expect(truth.links.registrationItem.length).toBeGreaterThan(0);
    for (const l of truth.links.registrationItem) {
      expect(xml).toContain(`<SMNumber>${l.sm}</SMNumber>`);
      for (const id of l.agendaItemIds) expect(byAid.get(id)?.reference).toBe(l.reference);
    }
    const memberIds = new Set(truth.members.map((m: { memberId: number }) => m.memberId));
    expect(truth.links.communicationPerson.length).toBeGreaterThan(0);
    for (const l of truth.links.communicationPerson) {
      expect(sms.has(l.sm)).toBe(true);
      const body = comms.get(`${l.sm}|${l.ordinal}`);
      expect(body, `${l.sm}|${l.ordinal}`).toBeDefined();
      expect(body).toContain(l.pohName ? `<POH_Name>${l.pohName.replace(/&/g, '&amp;')}</POH_Name>` : '<POH_Name/>');
      expect(memberIds.has(l.memberId)).toBe(true);
    }
    for (const v of truth.links.organisationVariant) expect(xml, v.name).toContain(`>${v.name.replace(/&/g, '&amp;')}<`);
    expect(truth.decoys.length).toBeGreaterThan(0);
    const unalike = ['registrationItem', 'communicationPerson', 'organisationVariant'].flatMap((k) => truth.links[k]);
    expect(unalike.filter((x: { unalike: boolean }) => x.unalike).length / unalike.length).toBeGreaterThanOrEqual(0.2);
    expect(truth.malformed.map((m: { reason: string }) => m.reason).join(' ')).toMatch(/without SMNumber.*|impossible date/);
  });

  it('numbers TMMIS wards in the ward model of the meeting date, but for the planted stale 44-ward numbers', () => {
    const truth = JSON.parse(readFileSync(join(a, 'sample-truth/planted-truth.json'), 'utf8'));
    const stale = new Map<string, number>(truth.staleWards.stale.map((s: { reference: string; wardId: number }) => [s.reference, s.wardId]));
    expect([...stale.values()].every((w) => w > 25)).toBe(true);
    const outside: string[] = [];
    for (const f of readdirSync(join(a, 'tmmis')).filter((n) => n.startsWith('agenda-items-'))) {
      for (const r of JSON.parse(readFileSync(join(a, 'tmmis', f), 'utf8')).Records as { reference: string; meetingDate: number; wardId: number[] }[]) {
        const model = new Date(r.meetingDate).toISOString().slice(0, 10) >= '2018-12-01' ? 25 : 44;
        for (const w of r.wardId) if (w < 1 || w > model) outside.push(`${r.reference}:${w}`);
      }
    }
    expect([...new Set(outside)].sort()).toEqual([...stale].map(([ref, w]) => `${ref}:${w}`).sort());
    expect(truth.staleWards.kept[0].wardId).toBeGreaterThan(25);
  });
});
