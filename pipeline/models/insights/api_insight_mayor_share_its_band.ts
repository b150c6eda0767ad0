// The fitted line of the interrupted time series of /insights/mayor-share/its with the 95 % band of its mean, per
// quarter from the series' first to its last: what the mayor-share chart draws (docs/charts.md). Not a route of its
// own: the fit is the ITS document's, on the same published rows read the same way (api_insight_mayor_share_its.ts),
// and the band needs the coefficients' covariance, which the document does not publish. No rows while the
// coefficients are not estimated.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';
import { interruptedTimeSeriesBand } from '../../stats/its.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');

export async function build(wh: Warehouse): Promise<void> {
  const [exp] = await wh.all<{ intervention: string }>(`select strftime(its_intervention_date, '%Y-%m-%d') as intervention from int_export`);
  if (!exp) throw new Error('int_export holds no row');
  const rows = await wh.all<{ quarter: string; mayor_office: number; all_member_offices: number }>(
    `select quarter, mayor_office, all_member_offices from api_insight_mayor_share
     where category = 'all' and all_member_offices > 0 -- a quarter without member-office contacts has no share
     order by _sort`);
  const series = rows.map((r) => ({ quarter: r.quarter, share: r.mayor_office / r.all_member_offices }));
  const band = series.length === 0 ? [] : interruptedTimeSeriesBand(series, exp.intervention);
  await wh.exec(`create or replace table ${TABLE} (quarter varchar, fitted double, ci_low double, ci_high double)`);
  if (band.length > 0) {
    await wh.exec(`insert into ${TABLE}
      select p->>'quarter', cast(p->>'fitted' as double), cast(p->>'ci_low' as double), cast(p->>'ci_high' as double)
      from (select unnest(from_json($band, '["json"]')) as p)`, { band: JSON.stringify(band) });
  }
}
