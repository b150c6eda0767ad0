// The 4.6 matches (analysis-definitions.md 4.6): for each lobbied application, up to 3 unlobbied applications of the
// same kind, type and size band (level `type`), and also of the same ward (level `type_ward`), with the nearest
// submission days within two years (730 days), without replacement: pipeline/stats/greedy-matching.ts (rounds, closest
// pairs first, ties by id). Each level is matched on its own, so a control used at level type can serve again at level
// type_ward. A lobbied application without a submission date is left unmatched. One row per accepted pair.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';
import { greedyMatch, type Unit } from '../../stats/greedy-matching.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');

/** Controls per lobbied application and the widest submission gap (days) a pair may have (4.6). */
export const MATCH_RATIO = 3;
export const MATCH_MAX_DAYS = 730;

interface Application { id: string; kind: string; type: string; size_band: string | null; ward: number | null; submitted_day: number | null; lobbied: boolean }
interface Stratum { level: 'type' | 'type_ward'; kind: string; type: string; ward: number | null; treated: Unit[]; controls: Unit[] }

export async function build(wh: Warehouse): Promise<void> {
  const apps = await wh.all<Application>(
    `select id, kind, type, size_band, ward, submitted_day, lobbied from int_insight_application_units
     where submitted_day is not null -- no submission date: nothing to measure nearness by (left unmatched)
     order by id`);
  const strata = new Map<string, Stratum>();
  const add = (level: Stratum['level'], a: Application) => {
    const ward = level === 'type_ward' ? a.ward : null;
    const key = `${level}|${a.kind}|${a.type}|${a.size_band ?? ''}|${ward ?? ''}`;
    let s = strata.get(key);
    if (!s) strata.set(key, s = { level, kind: a.kind, type: a.type, ward, treated: [], controls: [] });
    (a.lobbied ? s.treated : s.controls).push({ id: a.id, day: a.submitted_day! });
  };
  for (const a of apps) {
    add('type', a);
    if (a.ward !== null) add('type_ward', a); // no ward: no place at the ward level
  }
  await wh.exec(`create or replace table ${TABLE} (level varchar, kind varchar, type varchar, ward integer,
    lobbied_id varchar, control_id varchar, round integer, days_apart integer)`);
  const rows: (string | null)[][] = [];
  for (const s of strata.values()) {
    if (!s.treated.length) continue;
    for (const m of greedyMatch(s.treated, s.controls, { ratio: MATCH_RATIO, maxDistance: MATCH_MAX_DAYS })) {
      rows.push([s.level, s.kind, s.type, s.ward === null ? null : String(s.ward), m.treated, m.control, String(m.round), String(m.distance)]);
    }
  }
  await wh.appendText(TABLE, rows);
}
