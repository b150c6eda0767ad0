// Campaign contributions → src_contributions__rows, candidates' filings → src_contributions__filings
// (contracts.md §5; sources §7). Each election folder holds one CSV per office sheet in that election's layout;
// the layout is recognised from the header row, which follows a title row (2014), a title and a blank row (2018)
// or 7 preamble rows (2022 EFD export). Contributor addresses and postal codes are private: they go only to
// their own columns, never into quarantine excerpts or log lines.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SourceContext } from './common/source-context.ts';
import { keys, loadCsvTable, type CleanRow, type HeaderSearch, type TableSpec } from './common/csv-table.ts';
import { isDirectory } from './common/files.ts';
import { optionalFiles } from './common/optional-files.ts';

const FOLDER = 'campaign-finance';
const FILINGS = /^campaign-filings\.csv$/i;
export type Layout = '2014' | '2018' | '2022';

type Rows = 'src_contributions__rows';

const rejectContribution = (row: CleanRow<Rows>) =>
  row.contributor_name == null ? 'missing contributor name' : row.amount == null ? 'missing contribution amount' : null;

const LAYOUTS: Record<Layout, Pick<TableSpec<Rows>, 'columns' | 'optional' | 'private' | 'derive'>> = {
  // Contributor's Name … Candidate, Office, Ward (13 columns; Ward blank for Mayor).
  '2014': {
    columns: {
      contributor_name: keys("Contributor's Name"), contributor_address: keys("Contributor's Address"),
      contributor_postal_code: keys("Contributor's Postal Code"), amount: keys('Contribution Amount'),
      contribution_type: keys('Contribution Type Desc'), goods_description: keys('Goods or Service Desc'),
      contributor_type: keys('Contributor Type Desc'), relationship: keys('Relationship to Candidate'),
      president: keys('President/ Business Manager'),
      authorized_representative: keys('Authorized Representative', 'Cheque Signatory'),
      candidate: keys('Candidate'), office: keys('Office'), ward: keys('Ward'),
    },
    optional: ['ward'],
    private: ['contributor_address', 'contributor_postal_code'],
  },
  // 12 columns with `Ward ` (trailing space); the Mayor file has no Ward; the readme spells some headers longer.
  '2018': {
    columns: {
      contributor_name: keys("Contributor's Name"), contributor_address: keys("Contributor's Address"),
      contributor_postal_code: keys("Contributor's Postal Code"), amount: keys('Contribution Amount'),
      returned: keys('Contribution Returned'),
      contribution_type: keys('Contribution Description'),
      goods_description: keys('Goods and Services Description', 'Goods or Service Description'),
      contributor_type: keys('Contributor Type', 'Contributor Type Description'),
      relationship: keys('Relationship to Candidate', 'Relationship to Candidate or Third Party Advertiser', 'Relationship of TPA'),
      president: keys("President's Name"), authorized_representative: keys('Cheque Signatory Name'),
      candidate: keys("Candidate's Name", 'Candidate/Third Party Advertiser', 'Candidate'),
      office: keys('Office', 'Registered for:'), ward: keys('Ward'),
    },
    // President and cheque signatory exist only in the third-party-advertiser sheet.
    optional: ['ward', 'president', 'authorized_representative'],
    private: ['contributor_address', 'contributor_postal_code'],
  },
  // EFD export: header cells with line breaks; the Contributor cell sometimes holds "name\nstreet address".
  '2022': {
    columns: {
      contributor_name: keys('Contributor'), contributor_postal_code: keys('Postal Code'), amount: keys('Amount'),
      returned: keys('Amount Returned'), contribution_type: keys('Contribution Type'),
      goods_description: keys('Description of Goods/Services'), contributor_type: keys('Contributor Type'),
      contribution_date: keys('Date Contribution Received'), candidate: keys('Candidate / Registrant'),
      office: keys('Registered for'), ward: keys('Ward'),
    },
    optional: ['ward'],
    private: ['contributor_name', 'contributor_postal_code'],
    derive(row) {
      const lines = row.contributor_name?.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '') ?? [];
      if (lines.length > 1) {
        row.contributor_name = lines[0];
        row.contributor_address = lines.slice(1).join(', ');
      }
    },
  },
};

/** The layout of a header row (keys folded by toHeaderKey), or null when the row is not a contributions header. */
export function detectLayout(headerKeys: string[]): Layout | null {
  const has = (k: string) => headerKeys.includes(k);
  if (has('contributor') && has('amount') && (has('candidateregistrant') || has('registeredfor'))) return '2022';
  if (!has('contributorsname') || !has('contributionamount')) return null;
  return has('contributiontypedesc') || has('contributortypedesc') || has('authorizedrepresentative') ? '2014' : '2018';
}

/** The spec of one office file of an election in one layout. */
export function contributionsSpec(layout: Layout, election: string, officeFile: string): TableSpec<Rows> {
  return {
    source: 'contributions', table: 'src_contributions__rows', ...LAYOUTS[layout],
    fixed: { election, office_file: officeFile, layout }, reject: rejectContribution,
  };
}

/** The header search for one office file of an election. */
export function contributionsSearch(election: string, officeFile: string): HeaderSearch {
  return {
    source: 'contributions',
    table: 'src_contributions__rows',
    quotable: false,
    match(headerKeys) {
      const layout = detectLayout(headerKeys);
      return layout === null ? null : contributionsSpec(layout, election, officeFile);
    },
  };
}

export function filingsSpec(election: string): TableSpec<'src_contributions__filings'> {
  return {
    source: 'contributions',
    table: 'src_contributions__filings',
    columns: {
      candidate: keys('Candidate'), office: keys('Office'), ward: keys('Ward'),
      total_contributions: keys('Total Contributions'), contributions_n: keys('Contributions'),
      contributors_n: keys('Contributors'), elected: keys('Elected'), incumbent: keys('Incumbent'),
      filing_type: keys('Filing Type'),
    },
    optional: ['ward'],
    fixed: { election },
    reject: (row) => (row.candidate == null ? 'missing Candidate' : null),
  };
}

/** Election of a folder: the year it names (`2018`, `2018-municipal`), else the folder name itself. */
export function electionOf(folder: string): string {
  return /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(folder)?.[1] ?? folder;
}

/** Load every campaign-finance/<election>/ folder; returns rows loaded per table. */
export async function loadContributions(ctx: SourceContext): Promise<{ rows: number; filings: number }> {
  const root = path.join(ctx.rawDir, FOLDER);
  const folders = (await isDirectory(root)) ? (await fs.readdir(root)).sort() : [];
  const elections: string[] = [];
  for (const name of folders) if (await isDirectory(path.join(root, name))) elections.push(name);
  const tables = ['src_contributions__rows', 'src_contributions__filings'];
  if (elections.length === 0) ctx.log(`contributions: no election folders in ${FOLDER}/; ${tables.join(', ')} stay empty`);
  let rows = 0;
  let filings = 0;
  for (const name of elections) {
    const election = electionOf(name);
    const folder = `${FOLDER}/${name}`;
    for (const file of await optionalFiles(ctx, 'contributions', folder, /\.csv$/i, tables)) {
      const base = path.basename(file);
      if (FILINGS.test(base)) filings += (await loadCsvTable(ctx, file, filingsSpec(election))).loaded;
      else rows += (await loadCsvTable(ctx, file, contributionsSearch(election, base))).loaded;
    }
  }
  return { rows, filings };
}
