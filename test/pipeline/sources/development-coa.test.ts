// Development applications and Committee of Adjustment adapters: the City's real CoA excerpt (R's `NA`, `_id`,
// `REFERENCE_FILE` without `#`) and hand-made fixtures (several rows per application, single-space directions).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coaFileKind, loadCoaApplications } from '../../../pipeline/sources/coa.ts';
import { SOURCE_TABLES } from '../../../pipeline/sources/common/tables.ts';
import { loadDevelopmentApplications } from '../../../pipeline/sources/development.ts';
import { cleanup, fixturesRaw, put, samplesDir, sourceContext, tempDir } from './helpers.ts';

type Rec = Record<string, string | null>;

describe('Committee of Adjustment', () => {
  let raw: string;
  afterEach(() => raw && cleanup(raw));

  it('reads the real active excerpt: 31 rows, NA as null, REFERENCE_FILE and _id accepted', async () => {
    raw = tempDir();
    put(path.join(raw, 'committee-of-adjustment/active-committee-of-adjustment-applications.csv'),
      fs.readFileSync(path.join(samplesDir, 'coa_active_applications_excerpt.csv')));
    const ctx = await sourceContext(raw);
    expect(await loadCoaApplications(ctx)).toBe(31);
    expect(ctx.quarantine.entries).toEqual([]);
    const rows = await ctx.wh.all<Rec>('select * from src_coa__applications order by source_position::int');
    expect(rows[0]).toMatchObject({
      file_kind: 'active', sys_id: '8883', application_type: 'MV', in_date: '1999-11-10', ward: '19',
      street_num: '62', street_name: 'GOODWOOD PARK', street_type: 'CRES', street_direction: null, postal: 'M4C',
      reference_file_number: 'A99EY145', hearing_date: 'Dec 7, 1999', c_of_a_descision: null, ward_name: null,
      finaldate: null, statusdesc: 'Application Received', source_position: '1',
    });
    expect(rows[0].description).toContain('A99EY145\nRecord for Variance');
    // Zero-padded wards stay text; `"   "` postal codes and `NA` reference numbers are missing values.
    expect(rows[3]).toMatchObject({ sys_id: '1084676', ward: '03', reference_file_number: null, description: null });
    expect(rows[5]).toMatchObject({ sys_id: '1689358', postal: null, reference_file_number: 'A0220/06NY' });
    expect(rows[11].c_of_a_descision).toBe('DELEGATED CONSENT REFUSED');
    const columns = SOURCE_TABLES.src_coa__applications.filter((c) => c !== 'source_position');
    const [{ na }] = await ctx.wh.all<{ na: number }>(
      `select count(*)::int as na from src_coa__applications where ${columns.map((c) => `"${c}" = 'NA'`).join(' or ')}`);
    expect(na).toBe(0);
  });

  it('reads the closed file: WARD_NUMBER, WARD_NAME, FINALDATE; quarantines rows without SYS_ID or reference', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadCoaApplications(ctx)).toBe(2);
    const rows = await ctx.wh.all<Rec>('select * exclude (source_file) from src_coa__applications order by source_position::int');
    expect(rows[0]).toMatchObject({
      file_kind: 'closed', sys_id: '5000001', ward: '14', ward_name: 'Toronto-Danforth', finaldate: '2023-09-05T00:00:00',
      c_of_a_descision: 'Approved with Conditions', application_url: 'http://app.toronto.ca/AIC/index.do?folderRsn=x',
    });
    expect(rows[1]).toMatchObject({ ward: '03', postal: null, c_of_a_descision: 'DEFFERED', omb_descision: 'Appeal Allowed', omb_order_date: 'Dec 4, 2024' });
    expect(ctx.quarantine.entries.map((q) => [q.sourcePosition, q.reason])).toEqual([[3, 'missing SYS_ID and REFERENCE_FILE#']]);
  });

  it('tells active from closed by file name, else by the closed-only columns', () => {
    expect(coaFileKind('x/active-committee-of-adjustment-applications.csv', ['wardnumber'])).toBe('active');
    expect(coaFileKind('x/cleared-committee-of-adjustment-applications.csv', ['ward'])).toBe('closed');
    expect(coaFileKind('x/coa.csv', ['sysid', 'wardnumber'])).toBe('closed');
    expect(coaFileKind('x/coa.csv', ['sysid', 'ward'])).toBe('active');
  });
});

describe('development applications', () => {
  it('keeps every row of a multi-address application, nulls single-space directions, repairs encoding', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadDevelopmentApplications(ctx)).toBe(3);
    const rows = await ctx.wh.all<Rec>('select * from src_development__applications order by source_position::int');
    expect(rows.map((r) => [r.application_number, r.street_num, r.street_direction])).toEqual([
      ['21 208078 STE 10 OZ', '50-60', null], ['21 208078 STE 10 OZ', '62', null], ['22 110022 NNY 18 SA', '5100', 'N'],
    ]);
    expect(rows[0]).toMatchObject({
      application_type: 'OZ', postal: 'M5V', date_submitted: '2021-10-04T00:00:00', status: 'Under Review',
      x: '313206.52', y: '4834020.264', description: 'Proposed 30-storey mixed-use building, Café at grade',
      reference_file_number: null, folderrsn: '4803542', ward_number: '10', ward_name: 'Spadina-Fort York',
      community_meeting_date: 'Jan 12, 2022', parent_folder_number: null,
      source_file: 'development-applications/development-applications.csv', source_position: '1',
    });
    expect(rows[2]).toMatchObject({
      description: 'Site plan for Toronto’s new library', application_url: null, community_meeting_date: null,
      reference_file_number: '21 208078 STE 10 OZ', parent_folder_number: '21 208078 STE 10 OZ',
    });
    expect(ctx.quarantine.entries.map((q) => [q.sourcePosition, q.reason])).toEqual([
      [4, 'missing APPLICATION#'],
      [5, 'wrong column count (expected 24, got 8)'],
    ]);
    expect(ctx.logs.join('\n')).toContain('3 rows, 2 quarantined, 1 blank rows skipped');
  });

  it('maps header variants and notes a missing column once', async () => {
    const raw = tempDir();
    try {
      put(path.join(raw, 'development-applications/development-applications.csv'),
        '_id,Application Type,application#,Street_Num,STREET_NAME ,Street Direction,"Reference\nFile #",Status\n' +
        '7,OZ,24 100200 STE 10 OZ,1,KING, ,NA,None\n');
      const ctx = await sourceContext(raw);
      expect(await loadDevelopmentApplications(ctx)).toBe(1);
      const [row] = await ctx.wh.all<Rec>('select * from src_development__applications');
      // NA is only R's empty cell in the CoA pulls; here it stays a value.
      expect(row).toMatchObject({ application_type: 'OZ', application_number: '24 100200 STE 10 OZ', street_name: 'KING', street_direction: null, reference_file_number: 'NA', status: null });
      expect(ctx.quarantine.entries).toHaveLength(1);
      expect(ctx.quarantine.entries[0].reason).toMatch(/^missing columns: streettype, postal, datesubmitted/);
    } finally {
      cleanup(raw);
    }
  });
});
