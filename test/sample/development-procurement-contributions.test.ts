// Sample city, development, procurement and contributions sources (docs/contracts.md §5): determinism, City layouts
// and quirks, geography and projection, planted truth.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSampleCity } from '../../sample/generate.ts';
import { DEVELOPMENT_PROCUREMENT_CONTRIBUTIONS_FOLDERS } from '../../sample/development-procurement-contributions.ts';
import { fromMtm, toMtm } from '../../sample/geo/mtm.ts';
import { insideRing } from '../../sample/geo/wards.ts';

const base = { seed: 20261122, scale: 0.01, asOf: '2026-11-20', snapshotEvery: 60 };
let a: string, b: string;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => { const p = join(dir, n); return statSync(p).isDirectory() ? walk(p) : [p]; });
}
const sha = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
/** Minimal RFC 4180 parser (quoted fields may hold commas and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], f = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (q) { if (ch === '"') { if (text[i + 1] === '"') { f += '"'; i++; } else q = false; } else f += ch; }
    else if (ch === '"') q = true;
    else if (ch === ',') { row.push(f); f = ''; }
    else if (ch === '\r') { /* CRLF */ }
    else if (ch === '\n') { row.push(f); rows.push(row); row = []; f = ''; }
    else f += ch;
  }
  if (f || row.length) { row.push(f); rows.push(row); }
  return rows;
}
const csv = (rel: string) => parseCsv(readFileSync(join(a, rel), 'utf8'));
const truth = () => JSON.parse(readFileSync(join(a, 'sample-truth/planted-truth.json'), 'utf8'));

beforeAll(async () => {
  a = mkdtempSync(join(tmpdir(), 'sample-x-a-'));
  b = mkdtempSync(join(tmpdir(), 'sample-x-b-'));
  await generateSampleCity({ ...base, outDir: a });
  await generateSampleCity({ ...base, outDir: b });
}, 60_000);
afterAll(() => { for (const d of [a, b]) rmSync(d, { recursive: true, force: true }); });

describe('sample city: development, procurement, contributions, geography', () => {
  it('is deterministic for the new folders', () => {
    const files = DEVELOPMENT_PROCUREMENT_CONTRIBUTIONS_FOLDERS.flatMap((d) => walk(join(a, d))).map((p) => relative(a, p)).sort();
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const f of [...files, 'sample-truth/planted-truth.json']) expect(sha(join(b, f)), f).toBe(sha(join(a, f)));
  });

  it('writes the exact headers of each layout', () => {
    expect(csv('development-applications/development-applications.csv')[0].join(',')).toBe('APPLICATION_TYPE,APPLICATION#,STREET_NUM,STREET_NAME,STREET_TYPE,STREET_DIRECTION,POSTAL,DATE_SUBMITTED,STATUS,X,Y,DESCRIPTION,REFERENCE_FILE#,FOLDERRSN,WARD_NUMBER,WARD_NAME,COMMUNITY_MEETING_DATE,COMMUNITY_MEETING_TIME,COMMUNITY_MEETING_LOCATION,APPLICATION_URL,CONTACT_NAME,CONTACT_PHONE,CONTACT_EMAIL,PARENT_FOLDER_NUMBER');
    expect(csv('address-points/address-points.csv')[0].join(',')).toBe('ADDRESS_POINT_ID,ADDRESS_NUMBER,LO_NUM,LO_NUM_SUF,HI_NUM,HI_NUM_SUF,LINEAR_NAME_FULL,LINEAR_NAME,LINEAR_NAME_TYPE,LINEAR_NAME_DIR,CENTRELINE_SIDE,ADDRESS_FULL,WARD,MUNICIPALITY_NAME,LATITUDE,LONGITUDE,geometry');
    const active = csv('committee-of-adjustment/active-committee-of-adjustment-applications.csv')[0], closed = csv('committee-of-adjustment/cleared-committee-of-adjustment-applications.csv')[0];
    expect(active.slice(0, 6)).toEqual(['SYS_ID', 'APPLICATION_TYPE', 'IN_DATE', 'PLANNING_DISTRICT', 'WARD', 'STREET_NUM']);
    expect(closed).toContain('WARD_NUMBER'); expect(closed).toContain('WARD_NAME'); expect(closed).toContain('FINALDATE'); expect(closed).not.toContain('WARD');
    for (const h of ['C_OF_A_DESCISION', 'OMB_DESCISION', 'ANYONE_OBJECT_AT_MEETING', 'STATUSDESC', 'REFERENCE_FILE#']) { expect(active).toContain(h); expect(closed).toContain(h); }
    expect(csv('procurement/tobids-awarded-contracts.csv')[0].join('|')).toBe('Document Number|RFx (Solicitation) Type|High Level Category|Successful Supplier|Award|Award Authority Obtained Date|Division|Buyer Name|Buyer Email|Buyer Phone Number|Solicitation Document Description|Supplier Address|Wards');
    expect(csv('procurement/tobids-non-competitive-contracts.csv')[0].join('|')).toBe('Workspace Number|Reason|Contract Date|Supplier Name|Contract Amount|Division|Supplier Address|Wards');
    expect(csv('procurement/tobids-all-open-solicitations.csv')[0].join('|')).toBe('Document Number|RFx (Solicitation) Type|NOIP (Notice of Intended Procurement) Type|Issue Date|Submission Deadline|High Level Category|Solicitation Document Description|Division|Buyer Name|Buyer Email|Buyer Phone Number|Wards');
    const c14 = csv('campaign-finance/2014/2_Mayor_Contributions_2014_election.csv');
    expect(c14[0][0]).toBe('2014 Municipal Election - List of Contributors to Mayoralty Candidates');
    expect(c14[1]).toHaveLength(13);
    expect(c14[1][0]).toBe("Contributor's Name");
    const c18 = csv('campaign-finance/2018/3_Councillor Contributions_2018 Election.csv'), m18 = csv('campaign-finance/2018/2_Mayoralty Contributions_2018 Election.csv');
    expect(c18[1]).toEqual(['']);
    expect(c18[2]).toHaveLength(12);
    expect(c18[2][11]).toBe('Ward '); // trailing space, as published
    expect(m18[2]).toHaveLength(11);
    expect(m18[2]).not.toContain('Ward ');
    const c22 = csv('campaign-finance/2022/ContributionSearchResults_Councillor.csv');
    expect(c22[7].map((h) => h.replace(/\n/g, ' '))).toEqual(['Contributor', 'Postal Code', 'Amount', 'Amount Returned', 'Contribution Type', 'Description of Goods/Services',
      'Contributor Type', 'Date Contribution Received', 'Candidate / Registrant', 'Registered for', 'Ward', 'Registrant Type']);
    expect(csv('campaign-finance/2022/campaign-filings.csv')[0].join(',')).toBe('Candidate,Office,Ward,Total Contributions,Contributions,Contributors,Elected,Incumbent,Filing Type');
    expect(csv('groups/manual-groups.csv')[0].join(',')).toBe('group_name,organization_name,basis_note,source');
  });

  it('keeps the published quirks', () => {
    const dev = csv('development-applications/development-applications.csv').slice(1).filter((r) => r.length > 1);
    expect(dev.some((r) => r[5] === ' ')).toBe(true); // blank direction is a single space
    expect(dev.some((r) => /^\d+-\d+$/.test(r[2]))).toBe(true);
    expect(dev.every((r) => /^\d{4}-\d{2}-\d{2}T00:00:00$/.test(r[7]))).toBe(true);
    expect(dev.every((r) => /^\d{2} \d{6} (STE|NNY|WET|ESC) \d{2} [A-Z]{2}$/.test(r[1]))).toBe(true);
    expect(new Set(dev.map((r) => r[1])).size).toBeLessThan(dev.length); // one application on several rows
    expect(dev.some((r) => r[9] === '')).toBe(true);
    expect(dev.some((r) => /\d+ residential units/.test(r[11]) && /m2/.test(r[11]))).toBe(true);
    const act = csv('committee-of-adjustment/active-committee-of-adjustment-applications.csv').slice(1).filter((r) => r.length > 1);
    expect(act.every((r) => /^(\d{2}|YY)$/.test(r[4]))).toBe(true);
    const cl = csv('committee-of-adjustment/cleared-committee-of-adjustment-applications.csv').slice(1).filter((r) => r.length > 1);
    expect(cl.some((r) => /^[AB]\d{2,4}\/\d{2}(TEY|EYK|NY|SC)$/.test(r[11]))).toBe(true);
    expect(cl.some((r) => /^[A-Z][a-z]{2} \d, \d{4}$/.test(r[19]))).toBe(true);
    expect(cl.some((r) => /^[A-Z][a-z]{2} 0\d, \d{4}$/.test(r[19]) || /^[A-Z][a-z]{2} [12]\d, \d{4}$/.test(r[19]))).toBe(true);
    const aw = csv('procurement/tobids-awarded-contracts.csv').slice(1).map((r) => r.join('|')).join('\n');
    for (const re of [/1111111111|xxxxxxxx/, /\|Doc[- ]?\d{10}/, /E\+\d/, / CAD\|/, /USD/, /\/(MT|hr|tonne)\|/, /\|S\d/, /\|(kj|TBD|see attached)\|/, /\|None$/m]) expect(aw, String(re)).toMatch(re);
    const c18 = readFileSync(join(a, 'campaign-finance/2018/3_Councillor Contributions_2018 Election.csv'), 'utf8');
    expect(c18).toMatch(/M0M 0M0/);
  });

  it('puts every address point inside its ward polygon', () => {
    const wards = JSON.parse(readFileSync(join(a, 'city-wards/city-wards-4326.geojson'), 'utf8'));
    expect(wards.features).toHaveLength(25);
    const ring = new Map<string, [number, number][]>(wards.features.map((f: any) => [String(+f.properties.AREA_S_CD), f.geometry.coordinates[0]]));
    expect(wards.features.every((f: any) => /^\d{2}$/.test(f.properties.AREA_S_CD) && f.properties.AREA_NAME)).toBe(true);
    const pts = csv('address-points/address-points.csv').slice(1).filter((r) => r.length > 1);
    expect(pts.length).toBeGreaterThan(3000);
    for (const p of pts) {
      const [lat, lon] = [+p[14], +p[15]];
      expect(insideRing(lon, lat, ring.get(p[12])!), p[0]).toBe(true);
      expect(p[10]).toBe(+p[2] % 2 ? 'L' : 'R');
      expect(JSON.parse(p[16]).coordinates[0]).toEqual([lon, lat]);
    }
  });

  it('writes MTM X/Y that round-trip to the WGS84 point within 1 m and match the City ward label points', () => {
    const pts = csv('address-points/address-points.csv').slice(1, 400).filter((r) => r.length > 1);
    for (const p of pts) {
      const lat = +p[14], lon = +p[15], xy = toMtm(lat, lon), back = fromMtm(xy.x, xy.y);
      expect(Math.hypot((back.lat - lat) * 111_132, (back.lon - lon) * 80_500)).toBeLessThan(1);
    }
    // Ward 10 label point of the City's shapefile: X 313874.844 (MTM NAD27); the 3-parameter shift stays within 5 m.
    expect(Math.abs(toMtm(43.6358013847, -79.38733).x - 313874.844)).toBeLessThan(5);
    const dev = csv('development-applications/development-applications.csv').slice(1).filter((r) => r.length > 1 && r[9]);
    for (const r of dev.slice(0, 100)) { const g = fromMtm(+r[9], +r[10]); expect(g.lat).toBeGreaterThan(43.57); expect(g.lat).toBeLessThan(43.86); expect(g.lon).toBeGreaterThan(-79.64); expect(g.lon).toBeLessThan(-79.11); }
  });

  it('plants truth that references existing rows, with unalike pairs and decoys', () => {
    const t = truth();
    const dev = csv('development-applications/development-applications.csv');
    for (const l of t.links.registrationApplication) expect(dev[l.row][1]).toBe(l.application);
    const aw = csv('procurement/tobids-awarded-contracts.csv'), nc = csv('procurement/tobids-non-competitive-contracts.csv');
    for (const l of t.links.contractOrganisation) expect((l.file.includes('non-competitive') ? nc[l.row][3] : aw[l.row][3])).toBe(l.supplier);
    for (const d of t.supplierDecoys) expect(aw[d.row][3]).toBe(d.supplier);
    const files = new Map<string, string[][]>();
    const rowOf = (file: string, line: number) => { if (!files.has(file)) files.set(file, csv(file)); return files.get(file)![line - 1]; };
    for (const l of [...t.links.contributionOrganisation, ...t.contributionDecoys]) expect(rowOf(l.file, l.line)[0].split('\n')[0]).toBe(l.contributor);
    const orgIds = new Set(t.organisations.map((o: any) => o.id));
    for (const l of [...t.links.registrationApplication, ...t.links.contractOrganisation, ...t.links.contributionOrganisation]) expect(orgIds.has(l.organisation), l.organisation).toBe(true);
    expect(new Set(t.links.contributionOrganisation.map((l: any) => l.tier))).toEqual(new Set([0, 1, 2]));
    for (const k of ['registrationApplication', 'contractOrganisation', 'contributionOrganisation']) {
      expect(t.links[k].length, k).toBeGreaterThan(5);
      expect(t.shares[k], k).toBeGreaterThanOrEqual(0.2);
    }
    expect(t.shares.supplierDecoysPerTrue).toBeGreaterThanOrEqual(0.2);
    expect(t.shares.contributionDecoysPerTrue).toBeGreaterThanOrEqual(0.2);
    expect(t.groups.length).toBeGreaterThanOrEqual(2);
    const solicit = new Set(csv('procurement/tobids-all-open-solicitations.csv').slice(1).map((r) => r[0]));
    // a placeholder document number ('1111111111') is planted damage, not a reference to a solicitation
    const damaged = new Set(t.quirks.procurementDamage.filter((d: any) => d.file.endsWith('awarded-contracts.csv') && d.column === 'Document Number').map((d: any) => d.row));
    const referencing = aw.map((r, row) => ({ r, row })).slice(1).filter(({ r, row }) => r.length > 1 && !damaged.has(row) && /^\d{10}$/.test(r[0]));
    expect(referencing.length).toBeGreaterThan(0);
    expect(referencing.filter(({ r }) => !solicit.has(r[0])).map(({ r }) => r[0])).toEqual([]);
  });

  it('plants look-alike applications around the agenda\'s planning files: next door, on the twin street, on the same site years apart, a minor variance next door', () => {
    const t = truth();
    const dev = csv('development-applications/development-applications.csv').slice(1).filter((r) => r.length > 1);
    // CoA rows as [SYS_ID, number, street name, type, direction] (the two files place the address differently)
    const coa = ['active-committee-of-adjustment-applications.csv', 'cleared-committee-of-adjustment-applications.csv'].flatMap((f) => {
      const [h, ...rows] = csv(`committee-of-adjustment/${f}`), at = (k: string) => h.indexOf(k);
      return rows.filter((r) => r.length > 1).map((r) => [r[0], r[at('STREET_NUM')], r[at('STREET_NAME')], r[at('STREET_TYPE')], r[at('STREET_DIRECTION')]]);
    });
    const devRow = new Map<string, string[]>();
    for (const r of dev) if (!devRow.has(r[1])) devRow.set(r[1], r); // an application's first row is its main address
    const hows = new Set<string>();
    for (const d of t.applicationDecoys) {
      hows.add(d.how);
      const of = devRow.get(d.lookalikeOf)!;
      expect(of, d.lookalikeOf).toBeDefined();
      const row = d.kind === 'coa' ? coa.find((r) => r[0] === d.sysId)! : devRow.get(d.application)!;
      expect(row, d.application).toBeDefined();
      expect(d.application).not.toBe(d.lookalikeOf);
      // [number, street name, type, direction] of the look-alike and of the item's file
      const [num, name, type, dir] = d.kind === 'coa' ? row.slice(1, 5) : row.slice(2, 6);
      const gap = Math.abs(parseInt(num, 10) - parseInt(of[2], 10));
      if (d.how === 'twin-street') { expect(name).toBe(of[3]); expect(`${type}|${dir.trim()}`).not.toBe(`${of[4]}|${of[5].trim()}`); }
      else if (d.how.startsWith('same-site')) { expect([parseInt(num, 10), name, type]).toEqual([parseInt(of[2], 10), of[3], of[4]]); expect(Math.abs(Date.parse(row[7]) - Date.parse(of[7]))).toBeGreaterThan(365 * 864e5); }
      else { expect([name, type, dir.trim()]).toEqual([of[3], of[4], of[5].trim()]); expect(gap % 2).toBe(0); expect(gap).toBeGreaterThan(0); expect(gap).toBeLessThanOrEqual(10); }
    }
    expect(hows).toEqual(new Set(['next-door', 'twin-street', 'same-site-earlier', 'same-site-later', 'next-door minor variance']));
    expect(t.applicationDecoys.length).toBeGreaterThanOrEqual(t.links.registrationApplication.length * 0.25);
  });
});
