// Contribution files in each election's own layout (2014: title row, 13 columns; 2018: title + blank row, `Ward `
// header with a trailing space, no Ward for Mayor; 2022: EFD export with 7 preamble rows) and campaign-filings.csv.
import { isoOf } from '../common/dates.ts';
import { monDay } from '../development/text.ts';
import type { Rng } from '../common/rng.ts';
import { csvRow } from '../common/text.ts';
import { Out } from '../write/out.ts';
import { candidateName, type Election } from './candidates.ts';
import type { Contrib } from './build.ts';

export const H2014 = ["Contributor's Name", "Contributor's Address", "Contributor's Postal Code", 'Contribution Amount', 'Contribution Type Desc', 'Goods or Service Desc',
  'Contributor Type Desc', 'Relationship to Candidate', 'President/ Business Manager', 'Authorized Representative', 'Candidate', 'Office', 'Ward'];
export const H2018 = ["Contributor's Name", "Contributor's Address", "Contributor's Postal Code", 'Contribution Amount', 'Contribution Returned', 'Contribution Description',
  'Goods and Services Description', 'Contributor Type', 'Relationship to Candidate', "Candidate's Name", 'Office', 'Ward '];
export const H2022 = ['Contributor', 'Postal Code', 'Amount', 'Amount\nReturned', 'Contribution Type', 'Description of\nGoods/Services', 'Contributor Type',
  'Date Contribution\nReceived', 'Candidate / Registrant', 'Registered for', 'Ward', 'Registrant Type'];
export const FILINGS_HEADER = ['Candidate', 'Office', 'Ward', 'Total Contributions', 'Contributions', 'Contributors', 'Elected', 'Incumbent', 'Filing Type'];
export const FILE_NAMES: Record<number, Record<string, string>> = {
  2014: { Mayor: '2_Mayor_Contributions_2014_election.csv', Councillor: '3_Counillor_Contributions_2014_election.csv' },
  2018: { Mayor: '2_Mayoralty Contributions_2018 Election.csv', Councillor: '3_Councillor Contributions_2018 Election.csv' },
  2022: { Mayor: 'ContributionSearchResults_Mayor.csv', Councillor: 'ContributionSearchResults_Councillor.csv' },
};
const num = (v: number) => String(+v.toFixed(2));

export interface Written { file: string; row: number; line: number; c: Contrib }

/** Writes one election's files; returns every row with its data-record number and physical line. */
export function writeElection(rng: Rng, outDir: string, e: Election, files: Map<string, Contrib[]>, asOf: string): Written[] {
  const out: Written[] = [];
  // planted rows (sample/plants/contributions.ts) draw from their own stream, so every other row and filing is as without them
  const plantedRng = rng.fork(`planted-rows-${e.year}`);
  for (const office of ['Mayor', 'Councillor'] as const) {
    const rows = files.get(`${e.year}|${office}`)!, name = FILE_NAMES[e.year][office], rel = `campaign-finance/${e.year}/${name}`;
    const o = new Out(`${outDir}/${rel}`);
    const title = `${e.year} Municipal Election - List of Contributors to ${office === 'Mayor' ? 'Mayoralty' : 'Councillor'} Candidates`;
    let line = 0;
    const emit = (cells: string[]) => { o.text(csvRow(cells)); line++; };
    if (e.year === 2014) { emit([title, ...Array(12).fill('')]); emit(H2014); }
    else if (e.year === 2018) { emit([title]); emit(['']); emit(office === 'Mayor' ? H2018.slice(0, 11) : H2018); }
    else {
      for (const pre of [['Contribution Search Results'], ['2022 Municipal Election'], [`Exported on: ${monDay(rng, +new Date(`${asOf}T00:00:00Z`) / 864e5, 1)} 9:14 AM`],
        [`Search Conditions: Registered for = ${office}`], [`Number of Records: ${rows.length}`], [''], ['']]) emit(pre);
      emit(H2022);
    }
    const outer = rng;
    rows.forEach((c, i) => {
      const cand = candidateName(c.cand), ward = c.cand.ward === null ? '' : String(c.cand.ward);
      if (e.year === 2014) emit([c.contributor, c.address, c.postal, num(c.amount), c.type, c.goods, c.ctype, c.relationship || ' ', c.president, c.authRep, cand, office, ward]);
      else if (e.year === 2018) emit([c.contributor, c.ctype === 'Individual' ? ' ' : c.address, c.postal, num(c.amount), c.returned === null ? '' : num(c.returned), c.type, c.goods,
        'Individual', c.relationship || ' ', cand, office, ...(office === 'Mayor' ? [] : [ward])]);
      else {
        const rng = c.planted ? plantedRng : outer;
        // Some EFD contributor cells carry a line break and a street address.
        const who = rng.chance(0.01) ? `${c.contributor}\n${rng.int(1, 300)} ${rng.pick(['Elm St', 'Oak Ave', 'Main St'])}` : c.contributor;
        emit([who, c.postal, num(c.amount), c.returned === null ? '0' : num(c.returned), c.type, c.goods, c.ctype, monDay(rng, c.day, 1), cand, office, ward || '0', '']);
      }
      out.push({ file: rel, row: i + 1, line, c });
    });
    o.close();
  }
  const f = new Out(`${outDir}/campaign-finance/${e.year}/campaign-filings.csv`);
  f.text(csvRow(FILINGS_HEADER));
  for (const cand of e.candidates) {
    const mine = out.filter((w) => w.c.cand === cand);
    const total = mine.reduce((s, w) => s + w.c.amount, 0);
    f.text(csvRow([candidateName(cand), cand.office, cand.ward === null ? '' : String(cand.ward), total.toFixed(2), String(mine.length),
      String(new Set(mine.map((w) => w.c.contributor.toLowerCase())).size), cand.elected ? 'Yes' : 'No', cand.incumbent ? 'Yes' : 'No',
      rng.chance(0.08) ? 'Supplementary' : 'Main']));
  }
  f.close();
  return out;
}
export const electionDayIso = (e: Election) => isoOf(e.day);
