// What the night guard compares against: the counts the live export recorded in its manifest, read through
// `<siteRoot>/current`; and tonight's counts of the warehouse being built.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { exportLayout, type ExportManifest, type NightCounts } from '../../export/layout.ts';
import { quoteIdent, type Warehouse } from '../db/warehouse.ts';

export interface LiveCounts {
  exportId: string;
  /** Null when the live export predates the guard (its manifest has no `night`). */
  night: NightCounts | null;
}

/** The live export's recorded counts, or null when nothing is published. */
export async function readLiveCounts(siteRoot: string): Promise<LiveCounts | null> {
  let text: string;
  try {
    text = await readFile(path.join(siteRoot, 'current', exportLayout.manifest), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const manifest = JSON.parse(text) as ExportManifest;
  return { exportId: manifest.export_id, night: manifest.night ?? null };
}

/** Rows of every published record table (`api_*`) in the warehouse. Insight tables (`api_insight_*`) are left out:
 *  they are computed from these tables, whose drops the guard already catches, and they may shrink for good reasons
 *  (a registration linked tonight leaves /insights/upcoming; a month leaves a trailing window). */
export async function publishedTableCounts(wh: Warehouse): Promise<Record<string, number>> {
  const tables = await wh.all<{ t: string }>(`select table_name as t from duckdb_tables()
    where table_name like 'api\\_%' escape '\\' and table_name not like 'api\\_insight\\_%' escape '\\' order by 1`);
  const out: Record<string, number> = {};
  for (const { t } of tables) {
    const [{ n }] = await wh.all<{ n: number }>(`select count(*)::integer as n from ${quoteIdent(t)}`);
    out[t] = n;
  }
  return out;
}

/** Keep tonight's counts in the warehouse (meta_night), so the site build writes them into the export's manifest. */
export async function writeNightCounts(wh: Warehouse, night: NightCounts): Promise<void> {
  await wh.exec('create or replace table meta_night (kind varchar, name varchar, n varchar)');
  const rows = [
    ...Object.entries(night.sources).map(([name, n]) => ['source', name, String(n)]),
    ...Object.entries(night.tables).map(([name, n]) => ['table', name, String(n)]),
  ];
  await wh.appendText('meta_night', rows);
}

/** The counts meta_night holds, or undefined for a warehouse built before the guard. */
export async function readNightCounts(wh: Warehouse): Promise<NightCounts | undefined> {
  const [{ found }] = await wh.all<{ found: number }>(`select count(*)::integer as found from duckdb_tables() where table_name = 'meta_night'`);
  if (found === 0) return undefined;
  const night: NightCounts = { sources: {}, tables: {} };
  for (const r of await wh.all<{ kind: string; name: string; n: number }>('select kind, name, n::integer as n from meta_night order by kind, name')) {
    (r.kind === 'source' ? night.sources : night.tables)[r.name] = Number(r.n);
  }
  return night;
}
