// The bulk export's files beside the tables, read from the warehouse before it is closed: what was not published and
// why (quarantine.csv: source, file, position, record key, reason, the night it was first set aside; never the
// excerpt, which can hold private text), and how good the night's links are (link-quality.json: per task and band,
// precision and recall against the sample's planted truth where there is one, and what reviewers decided of the
// links in every case).
import { existsSync, readFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { quoteIdent, type Warehouse } from '../../pipeline/db/warehouse.ts';
import type { SideFile } from './write-bulk.ts';

const QUARANTINE_COLUMNS = ['source', 'source_file', 'source_position', 'record_key', 'reason', 'first_seen'] as const;

/** quarantine.csv from `quarantine_published` (absent in a warehouse built before it: no file). */
export async function quarantineFile(wh: Warehouse): Promise<SideFile | null> {
  if (!(await _hasTable(wh, 'quarantine_published'))) return null;
  const rows = await wh.all<Record<string, unknown>>(`select ${QUARANTINE_COLUMNS.map(quoteIdent).join(', ')} from quarantine_published`);
  return {
    name: 'quarantine.csv',
    description: 'every source record the night set aside and why: source, file, position in the file, the record\'s key ' +
      'where known (an SM number, a communication id), the reason, and the night it was first set aside (the ' +
      'record\'s text is never published: it can hold private details)',
    mediaType: 'text/csv',
    rows: rows.length,
    content: stringify([QUARANTINE_COLUMNS, ...rows.map((r) => QUARANTINE_COLUMNS.map((c) => r[c] ?? null))], { record_delimiter: 'windows' }),
  };
}

/** link-quality.json: reviewers' decisions per task and band, and the planted-truth report where the sample has one. */
export async function linkQualityFile(wh: Warehouse, plantedReportPath: string | null): Promise<SideFile> {
  const reviewed = await wh.all<Record<string, unknown>>(`
    select task,
        case when probability >= 0.9 then 'high' when probability >= 0.7 then 'moderate' else 'below 0.7' end as band,
        count(*)::integer as candidates,
        count(*) filter (where published)::integer as published,
        count(*) filter (where decision = 'confirmed')::integer as confirmed,
        count(*) filter (where decision = 'rejected')::integer as rejected,
        round(count(*) filter (where decision = 'confirmed')
            / nullif(count(*) filter (where decision is not null), 0), 4) as precision_among_reviewed
    from int_links -- counts only: no link, score or person of L7 (private contributors) is named here
    group by all
    order by task, band`);
  const planted = plantedReportPath && existsSync(plantedReportPath) ? JSON.parse(readFileSync(plantedReportPath, 'utf8')) as unknown : null;
  const report = {
    reviewed: {
      about: 'Per link task and score band: candidates scored, links published, and what reviewers decided of them; ' +
        'precision_among_reviewed = confirmed / reviewed (reviewers see a sample, mostly near the thresholds).',
      bands: reviewed,
    },
    planted_truth: planted === null ? null : {
      about: 'The sample city\'s planted truth: precision per band and recall (true pairs scored 0.7 or more), as ' +
        'links-fitting/evaluate.ts measures it. Real City data has no planted truth; this part is then null.',
      tasks: planted,
    },
  };
  return {
    name: 'link-quality.json',
    description: 'how good the night\'s links are: per task and score band, what reviewers decided, and on the sample ' +
      'city the precision and recall measured against its planted truth',
    mediaType: 'application/json',
    rows: null,
    content: `${JSON.stringify(report, null, 2)}\n`,
  };
}

async function _hasTable(wh: Warehouse, name: string): Promise<boolean> {
  const [{ n }] = await wh.all<{ n: number }>('select count(*)::integer as n from duckdb_tables() where table_name = $name', { name });
  return n > 0;
}
