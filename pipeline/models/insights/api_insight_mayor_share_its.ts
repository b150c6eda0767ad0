// GET /insights/mayor-share/its (analysis-definitions.md 4.5): the interrupted time series of the quarterly
// Mayor's-office share, category `all`, from the published mayor-share rows. A quarter without member-office
// communications has no share and is left out (the time axis keeps its place); each share is the exact ratio of the
// row's counts (mayor_office ÷ all_member_offices), not the 4-decimal rounding published in `share`. One row holding
// the document without licence and attribution (the site writer adds them and validates the whole).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';
import { interruptedTimeSeries } from '../../stats/its.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');

export async function build(wh: Warehouse): Promise<void> {
  const [exp] = await wh.all<{ export_date: string; intervention: string }>(
    `select export_date, strftime(its_intervention_date, '%Y-%m-%d') as intervention from int_export`);
  if (!exp) throw new Error('int_export holds no row');
  const rows = await wh.all<{ quarter: string; mayor_office: number; all_member_offices: number }>(
    `select quarter, mayor_office, all_member_offices from api_insight_mayor_share
     where category = 'all' and all_member_offices > 0 -- a quarter without member-office contacts has no share
     order by _sort`);
  const series = rows.map((r) => ({ quarter: r.quarter, share: r.mayor_office / r.all_member_offices }));
  const doc = { ...interruptedTimeSeries(series, exp.intervention), model_version: exp.export_date };
  await wh.exec(`create or replace table ${TABLE} as select cast($doc as json) as doc`, { doc: JSON.stringify(doc) });
}
