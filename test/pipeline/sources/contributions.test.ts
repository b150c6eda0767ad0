// Campaign contributions: the three City layouts recognised by their header row (after title, blank and preamble
// rows), the readme field spellings, filings, and the privacy rule (addresses and postal codes stay in their columns).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toHeaderKey } from '../../../pipeline/sources/common/csv-records.ts';
import { detectLayout, electionOf, loadContributions } from '../../../pipeline/sources/contributions.ts';
import { cleanup, fixturesRaw, put, samplesDir, sourceContext, tempDir } from './helpers.ts';

type Rec = Record<string, string | null>;
const PRIVATE = ['M4C 1A1', 'M5X 1A9', '100 King St W', 'M6H 2B2', 'M1B 3C3', 'M4K', 'M5V 0A1', 'M5V 9Z9', 'M0M 0M0', 'M6J', 'M1B 5K7', '22 Elm St', 'M2N 1A1'];

describe('campaign contributions', () => {
  it('loads 2014, 2018 (Councillor with `Ward `, Mayor without Ward) and 2022 EFD rows with the election from the folder', async () => {
    const ctx = await sourceContext(fixturesRaw);
    expect(await loadContributions(ctx)).toEqual({ rows: 9, filings: 2 });
    const rows = await ctx.wh.all<Rec>('select * from src_contributions__rows order by source_file, source_position::int');
    expect(rows.map((r) => [r.election, r.layout, r.office_file, r.source_position, r.contributor_name, r.amount, r.ward])).toEqual([
      ['2014', '2014', '2_Mayor.csv', '1', 'Smith, John', '$300.00', null],
      ['2014', '2014', '2_Mayor.csv', '2', '1234567 Ontario Inc.', '$750.00', null],
      ['2018', '2018', '2_Mayor.csv', '1', 'Bailey, Dana', '$1200.00', null],
      ['2018', '2018', '3_Councillor.csv', '1', 'Nguyen, Bao', '$500.00', '14'],
      ['2018', '2018', '3_Councillor.csv', '2', 'Fletcher, Paula', '$2,500.00', '14'],
      ['2018', '2018', '3_Councillor.csv', '3', '1000001 Ontario Ltd.', '$250.00', '10'],
      ['2022', '2022', 'ContributionSearchResults.csv', '1', 'Mendes, Ana', '250', '9'],
      ['2022', '2022', 'ContributionSearchResults.csv', '2', 'Khan, Omar', '1200', '23'],
      ['2022', '2022', 'ContributionSearchResults.csv', '3', 'Chow, Olivia', '5000', '0'],
    ]);
    expect(rows[1]).toMatchObject({
      contributor_address: '100 King St W, Toronto', contributor_postal_code: 'M5X 1A9', contribution_type: 'Monetary',
      contributor_type: 'Corporation', relationship: null, president: 'Doe, Jane', authorized_representative: 'Roe, Rick',
      candidate: 'Tory, John', office: 'Mayor', returned: null, contribution_date: null,
      source_file: 'campaign-finance/2014/2_Mayor.csv',
    });
    // The single-space address of individuals is no address.
    expect(rows[0].contributor_address).toBeNull();
    expect(rows[2]).toMatchObject({ contribution_type: 'Goods/Services', goods_description: 'Printing', contributor_postal_code: 'M0M 0M0', office: 'Mayor' });
    expect(rows[4]).toMatchObject({ relationship: 'Candidate', candidate: 'Fletcher, Paula', office: 'Councillor' });
    expect(rows[5]).toMatchObject({ returned: '$250.00', contributor_type: 'Individual' });
    // EFD: a street address inside the Contributor cell moves to contributor_address.
    expect(rows[6]).toMatchObject({
      contributor_address: '22 Elm St, Toronto', contributor_postal_code: 'M6J 1X1', contribution_date: 'Jul 05, 2022',
      candidate: 'Bravo, Alejandra', office: 'Councillor', contributor_type: 'Individual', returned: null,
    });
    expect(rows[7]).toMatchObject({ returned: '0', contributor_type: 'Candidate Spouse' });
  });

  it('quarantines rows without name or amount, short rows and unrecognised files, never quoting private cells', async () => {
    const ctx = await sourceContext(fixturesRaw);
    await loadContributions(ctx);
    expect(ctx.quarantine.entries.map((q) => [q.sourceFile.replace('campaign-finance/', ''), q.sourcePosition, q.reason])).toEqual([
      ['2014/2_Mayor.csv', 3, 'missing contributor name'],
      ['2014/2_Mayor.csv', 4, 'missing contribution amount'],
      ['2018/3_Councillor.csv', 4, 'wrong column count (expected 12, got 3)'],
      ['2018/campaign-filings.csv', 3, 'missing Candidate'],
      ['2022/1_Summary of Contributions by Office.csv', null, 'no recognised header row; file not read'],
      ['2022/ContributionSearchResults.csv', 4, 'missing contribution amount'],
    ]);
    const leaked = [...ctx.quarantine.entries.map((q) => q.excerpt), ...ctx.logs].filter((t) => PRIVATE.some((p) => t.includes(p)));
    expect(leaked).toEqual([]);
    expect(ctx.quarantine.entries[1].excerpt).toBe('Lee, Ann,[private],[private],,Monetary,,Individual, ,,,Chow, Olivia,Mayor,');
  });

  it('loads the candidates\' filings of an election', async () => {
    const ctx = await sourceContext(fixturesRaw);
    await loadContributions(ctx);
    const rows = await ctx.wh.all<Rec>('select * exclude (source_file) from src_contributions__filings order by source_position::int');
    expect(rows).toEqual([
      { election: '2018', candidate: 'Fletcher, Paula', office: 'Councillor', ward: '14', total_contributions: '$3,000.00', contributions_n: '2', contributors_n: '2', elected: 'Yes', incumbent: 'Yes', filing_type: 'Original', source_position: '1' },
      { election: '2018', candidate: 'Tory, John', office: 'Mayor', ward: null, total_contributions: '$1200.00', contributions_n: '1', contributors_n: '1', elected: 'Yes', incumbent: 'Yes', filing_type: 'Amended', source_position: '2' },
    ]);
  });

  it('recognises the readme field lists of 2014 and 2018 as headers of their layouts, every field mapped', async () => {
    const raw = tempDir();
    try {
      const fields = (file: string) => fs.readFileSync(path.join(samplesDir, file), 'utf8').split(/\r?\n/).slice(2)
        .filter((l) => l.trim() !== '').map((l) => (l.startsWith('"') ? l.slice(1, l.indexOf('"', 1)) : l.split(',')[0]));
      const h14 = fields('contributions_2014_readme_fields.csv');
      const h18 = fields('contributions_2018_readme_fields.csv');
      expect(detectLayout(h14.map(toHeaderKey))).toBe('2014');
      expect(detectLayout(h18.map(toHeaderKey))).toBe('2018');
      const csvLine = (cells: string[]) => cells.map((c) => `"${c}"`).join(',');
      put(path.join(raw, 'campaign-finance/2014/readme-layout.csv'),
        `Title\n${csvLine(h14)}\n${csvLine(['Roe Ltd.', '1 Bay St', 'M5J 1A1', '$500.00', 'Monetary', '', 'Corporation', ' ', 'Roe, Pat', 'Roe, Sam', 'Doe, Jo', 'Councillor', '20'])}\n`);
      put(path.join(raw, 'campaign-finance/2018-municipal/readme-layout.csv'),
        `Title\n,\n${csvLine(h18)}\n${csvLine(['Tpa Donor', ' ', 'M4C 1A1', '$100.00', '', 'Monetary', '', 'Individual', ' ', 'Sign, Al', 'Pres, Ida', 'Voters United', 'Third Party Advertiser', ' '])}\n`);
      const ctx = await sourceContext(raw);
      expect(await loadContributions(ctx)).toEqual({ rows: 2, filings: 0 });
      expect(ctx.quarantine.entries).toEqual([]);
      const rows = await ctx.wh.all<Rec>('select * exclude (source_file) from src_contributions__rows order by election');
      expect(rows[0]).toMatchObject({ election: '2014', layout: '2014', authorized_representative: 'Roe, Sam', president: 'Roe, Pat', ward: '20' });
      expect(rows[1]).toMatchObject({
        election: '2018', layout: '2018', contributor_type: 'Individual', goods_description: null, president: 'Pres, Ida',
        authorized_representative: 'Sign, Al', candidate: 'Voters United', office: 'Third Party Advertiser', ward: null,
      });
    } finally {
      cleanup(raw);
    }
  });

  it('takes the election year from the folder name and leaves the tables empty without a folder', async () => {
    expect(electionOf('2018')).toBe('2018');
    expect(electionOf('2022-municipal-election')).toBe('2022');
    expect(electionOf('by-election')).toBe('by-election');
    const raw = tempDir();
    try {
      const ctx = await sourceContext(raw);
      expect(await loadContributions(ctx)).toEqual({ rows: 0, filings: 0 });
      expect(ctx.logs).toEqual(['contributions: no election folders in campaign-finance/; src_contributions__rows, src_contributions__filings stay empty']);
    } finally {
      cleanup(raw);
    }
  });
});

describe('layout detection', () => {
  it('finds the header after the 2022 preamble even when a preamble cell names a column', () => {
    expect(detectLayout(['searchconditionscontributor', '', ''])).toBeNull();
    expect(detectLayout(['contributor', 'postalcode', 'amount', 'candidateregistrant', 'registeredfor', 'ward'])).toBe('2022');
    expect(detectLayout(['office', 'numberofcontributions', 'totalamount'])).toBeNull();
  });
});
