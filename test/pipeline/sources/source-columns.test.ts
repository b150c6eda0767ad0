// Source columns are declared once, in SOURCE_TABLES (pipeline/sources/common/tables.ts): every CSV TableSpec writes
// only columns its table declares (tsc checks the names, this checks the values at run time), every declared column
// of a CSV-loaded table is written by some spec, and docs/contracts.md lists the same columns.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coaSpec } from '../../../pipeline/sources/coa.ts';
import { withFileTerm, type TableSpec } from '../../../pipeline/sources/common/csv-table.ts';
import { SOURCE_TABLES, type SourceTable } from '../../../pipeline/sources/common/tables.ts';
import { contributionsSpec, filingsSpec } from '../../../pipeline/sources/contributions.ts';
import { developmentSpec } from '../../../pipeline/sources/development.ts';
import { addressPointsSpec } from '../../../pipeline/sources/geo.ts';
import { manualGroupsSpec } from '../../../pipeline/sources/groups.ts';
import { meetingScheduleSpec } from '../../../pipeline/sources/meetings.ts';
import { electedOfficialsSpec } from '../../../pipeline/sources/officials.ts';
import { awardedSpec, nonCompetitiveSpec, solicitationsSpec } from '../../../pipeline/sources/procurement.ts';
import { decisionsSpec } from '../../../pipeline/sources/review.ts';
import { votesSpec } from '../../../pipeline/sources/votes.ts';
import { repoRoot } from './helpers.ts';

/** Every layout of every CSV source (a spec per file kind, layout or file-name term). */
const SPECS: TableSpec[] = [
  votesSpec, withFileTerm(votesSpec, 'VW_OPEN_VOTE_2022_2026.csv'), meetingScheduleSpec, electedOfficialsSpec,
  developmentSpec, coaSpec('active'), coaSpec('closed'), addressPointsSpec,
  awardedSpec, nonCompetitiveSpec, solicitationsSpec,
  contributionsSpec('2014', '2014', 'f.csv'), contributionsSpec('2018', '2018', 'f.csv'), contributionsSpec('2022', '2022', 'f.csv'),
  filingsSpec('2018'), manualGroupsSpec, decisionsSpec,
];

/** Tables written by code rather than a TableSpec: registry XML, TMMIS JSON, the wards GeoJSON, the quarantine. */
const NOT_CSV: SourceTable[] = [
  'src_registry__registrations', 'src_registry__registrants', 'src_registry__beneficiaries', 'src_registry__firms',
  'src_registry__communications', 'src_registry__extras', 'src_registry__sightings', 'src_tmmis__agenda_items',
  'src_tmmis__decision_bodies', 'src_tmmis__decision_body_members', 'src_tmmis__item_communications', 'src_geo__wards',
  'quarantine',
];

/** The loader writes these itself, on every row. */
const LINEAGE = ['source_file', 'source_position'];

/** Columns a spec writes: mapped from headers, fixed, or set by derive (probed with a two-line cell and a point). */
function written(spec: TableSpec): string[] {
  const row: Record<string, string | null> = Object.fromEntries(Object.keys(spec.columns).map((c) => [c, 'Name\n1 Main St']));
  Object.assign(row, spec.fixed);
  spec.derive?.(row, () => '{"type":"MultiPoint","coordinates":[[-79.38,43.65]]}');
  return Object.keys(row);
}

const declared = (table: SourceTable): readonly string[] => SOURCE_TABLES[table];

describe('source columns are declared once', () => {
  it.each(SPECS.map((spec) => ({ spec, name: `${spec.table} ${JSON.stringify(spec.fixed ?? {})}` })))(
    '$name names only columns of its table',
    ({ spec }) => {
      const named = [...written(spec), ...(spec.optional ?? []), ...(spec.private ?? [])];
      expect(named.filter((c) => !declared(spec.table).includes(c) || LINEAGE.includes(c))).toEqual([]);
    },
  );

  it('every table is loaded by a spec or by code, and a CSV table has its lineage', () => {
    const csvTables = new Set(SPECS.map((s) => s.table));
    const tables = Object.keys(SOURCE_TABLES) as SourceTable[];
    expect(tables.filter((t) => !csvTables.has(t) && !NOT_CSV.includes(t))).toEqual([]);
    for (const t of csvTables) expect(LINEAGE.filter((c) => !declared(t).includes(c)), t).toEqual([]);
  });

  it('every declared column of a CSV table is written by some spec', () => {
    const unwritten = [...new Set(SPECS.map((s) => s.table))].flatMap((t) => {
      const writes = new Set(SPECS.filter((s) => s.table === t).flatMap(written));
      return declared(t).filter((c) => !LINEAGE.includes(c) && !writes.has(c)).map((c) => `${t}.${c}`);
    });
    expect(unwritten).toEqual([]);
  });

  it('docs/contracts.md lists each table with its declared columns', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs/contracts.md'), 'utf8');
    const documented = new Map<string, string[]>();
    for (const [, table, cells] of doc.matchAll(/^\| `(src_\w+)` \| (.*) \|$/gm)) {
      // notes in parentheses ("file_kind (`active`/`closed`)", "kind (`grassroots`, …)") are not columns
      documented.set(table, cells.replace(/\s*\([^)]*\)/g, '').split(',').map((c) => c.trim()));
    }
    // The registry's sightings come from the state file, documented with it (registry-sightings.parquet).
    const tables = (Object.keys(SOURCE_TABLES) as SourceTable[]).filter((t) => t.startsWith('src_') && t !== 'src_registry__sightings');
    for (const t of tables) {
      const expected = declared(t).filter((c) => ![...LINEAGE, 'snapshot_date'].includes(c));
      expect(documented.get(t), t).toEqual(expected);
    }
    expect([...documented.keys()].filter((t) => !(t in SOURCE_TABLES))).toEqual([]);
  });
});
