// GET /insights/alignment (analysis-definitions.md, Contributions): per term, comparison and member (0 = council-wide),
// the funded and unfunded votes aligned with published organisation positions, their rates and difference, each with a
// bootstrap 95% percentile interval over 2,000 resamples of the agenda items (pipeline/stats/bootstrap.ts), seeded with
// the seed the row records: the same seed and votes give the same bytes. The counts come from SQL
// (int_insight_alignment_clusters); only the resampling is done here. Member rates are null below 10 funded votes
// (votes on items from funding organisations); a rate with no votes is null; every row carries the contract's caveat
// and the L7 recall the funding stands on.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';
import { bootstrapTwoRates, type ClusterCounts, type Interval } from '../../stats/bootstrap.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');

/** Resamples of items per row, and the seed of every row's generator (fixed: recorded in each row). */
export const RESAMPLES = 2000;
export const SEED = 20261122;
/** The reporting minimum of member rows: funded votes (votes on items from funding organisations). */
export const MIN_FUNDED_VOTES = 10;
const COMPARISON_ORDER: Record<string, number> = { within_bloc: 1, within_member: 2, prior_term: 3 };

interface ClusterRow extends ClusterCounts { term: string; comparison: string; person_id: number; election: string; agenda_item_id: string | null }

/** One published row's values (before the caveat and model version), from its items' counts. */
export function alignmentRow(clusters: readonly ClusterCounts[], member: boolean, resamples = RESAMPLES, seed = SEED) {
  const sum = (k: keyof ClusterCounts) => clusters.reduce((s, c) => s + c[k], 0);
  const funded = sum('funded'), fundedYes = sum('fundedYes'), unfunded = sum('unfunded'), unfundedYes = sum('unfundedYes');
  const withheld = member && funded < MIN_FUNDED_VOTES;
  const showFunded = funded > 0 && !withheld, showUnfunded = unfunded > 0 && !withheld;
  const boot = showFunded || showUnfunded ? bootstrapTwoRates(clusters, resamples, seed) : null;
  const r4 = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x * 10000) / 10000);
  const ends = (i: Interval | null | undefined, show: boolean) => (show && i ? [r4(i.low), r4(i.high)] : [null, null]);
  const fundedRate = showFunded ? fundedYes / funded : null, unfundedRate = showUnfunded ? unfundedYes / unfunded : null;
  const suppressed = withheld ? `fewer than ${MIN_FUNDED_VOTES} votes on items from funding organisations`
    : funded === 0 && unfunded === 0 ? 'no votes on items with a published organisation position in this comparison'
      : funded === 0 ? 'no votes on items from funding organisations'
        : unfunded === 0 ? 'no votes to compare with: no unfunded votes' : null;
  const [fl, fh] = ends(boot?.funded, showFunded), [ul, uh] = ends(boot?.unfunded, showUnfunded);
  const [dl, dh] = ends(boot?.difference, fundedRate !== null && unfundedRate !== null);
  return {
    items: clusters.filter((c) => c.funded + c.unfunded > 0).length,
    funded_votes: funded, funded_aligned: fundedYes, funded_rate: r4(fundedRate), funded_rate_low: fl, funded_rate_high: fh,
    unfunded_votes: unfunded, unfunded_aligned: unfundedYes, unfunded_rate: r4(unfundedRate), unfunded_rate_low: ul, unfunded_rate_high: uh,
    difference: fundedRate !== null && unfundedRate !== null ? r4(fundedRate - unfundedRate) : null, difference_low: dl, difference_high: dh,
    resamples, seed, suppressed,
  };
}

const COLUMNS: [string, string][] = [
  ['term', 'varchar'], ['comparison', 'varchar'], ['person_id', 'integer'], ['election', 'varchar'], ['items', 'integer'],
  ['funded_votes', 'integer'], ['funded_aligned', 'integer'], ['funded_rate', 'double'], ['funded_rate_low', 'double'], ['funded_rate_high', 'double'],
  ['unfunded_votes', 'integer'], ['unfunded_aligned', 'integer'], ['unfunded_rate', 'double'], ['unfunded_rate_low', 'double'], ['unfunded_rate_high', 'double'],
  ['difference', 'double'], ['difference_low', 'double'], ['difference_high', 'double'], ['resamples', 'integer'], ['seed', 'integer'],
  ['suppressed', 'varchar'], ['caveat', 'varchar'], ['model_version', 'varchar'], ['_sort', 'varchar'],
];

export async function build(wh: Warehouse): Promise<void> {
  const [meta] = await wh.all<{ caveat: string; model_version: string }>(
    `select (select alignment_caveat from int_insight_contribution_caveat) as caveat, (select export_date from int_export) as model_version`);
  const rows = await wh.all<{ term: string; comparison: string; person_id: number; election: string; agenda_item_id: string | null;
    funded: number; funded_aligned: number; unfunded: number; unfunded_aligned: number }>(
    `select term, comparison, person_id, election, agenda_item_id, funded, funded_aligned, unfunded, unfunded_aligned
     from int_insight_alignment_clusters
     order by term, comparison, person_id, agenda_item_id nulls first -- items in id order: the order resampled`);
  const groups = new Map<string, { election: string; clusters: ClusterRow[] }>();
  for (const r of rows) {
    const key = `${r.term}|${r.comparison}|${r.person_id}`;
    const group = groups.get(key) ?? { election: r.election, clusters: [] };
    if (r.agenda_item_id !== null) group.clusters.push({ ...r, fundedYes: r.funded_aligned, unfundedYes: r.unfunded_aligned });
    groups.set(key, group);
  }
  await wh.exec(`create or replace table ${TABLE} (${COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')})`);
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const out: (string | null)[][] = [];
  for (const [key, { election, clusters }] of groups) {
    const [term, comparison, person] = key.split('|') as [string, string, string];
    const v = alignmentRow(clusters, Number(person) !== 0);
    const sort = `${term} ${COMPARISON_ORDER[comparison]} ${person.padStart(12, '0')}`;
    out.push([term, comparison, person, election, ...[v.items, v.funded_votes, v.funded_aligned, v.funded_rate, v.funded_rate_low,
      v.funded_rate_high, v.unfunded_votes, v.unfunded_aligned, v.unfunded_rate, v.unfunded_rate_low, v.unfunded_rate_high, v.difference,
      v.difference_low, v.difference_high, v.resamples, v.seed, v.suppressed].map(text), meta!.caveat, meta!.model_version, sort]);
  }
  await wh.appendText(TABLE, out);
}
