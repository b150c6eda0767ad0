// The mayor-share categories (4.5) of registry subject categories, read from pipeline/seeds/mayor_share_categories.csv
// (registry_subject, category, reason): the mapping is data, documented in docs/methodology-insights-trends.md.
// Subjects match case- and space-insensitively; a subject may map to one category only, and a category outside the
// contract's value set stops the run rather than publishing rows nobody can filter.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';
import { MAYOR_SHARE_CATEGORIES } from '../../../api/schemas/vocabulary.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');
const SEED = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'seeds', 'mayor_share_categories.csv');

export async function build(wh: Warehouse): Promise<void> {
  await wh.exec(`create or replace table ${TABLE} as
    select lower(trim(registry_subject)) as subject_key, trim(registry_subject) as registry_subject, trim(category) as category
    from read_csv($path, header = true, all_varchar = true, quote = '"')
    where nullif(trim(registry_subject), '') is not null
    order by subject_key`, { path: SEED });
  const mapped: readonly string[] = MAYOR_SHARE_CATEGORIES.filter((c) => c !== 'all');
  const categories = await wh.all<{ category: string }>(`select distinct category from ${TABLE} order by category`);
  const bad = categories.map((c) => c.category).filter((c) => !mapped.includes(c));
  if (bad.length) throw new Error(`${SEED}: categories outside ${mapped.join(', ')}: ${bad.join(', ')}`);
  const twice = await wh.all<{ registry_subject: string }>(`select any_value(registry_subject) as registry_subject from ${TABLE}
    group by subject_key having count(*) > 1`);
  if (twice.length) throw new Error(`${SEED}: subjects mapped more than once: ${twice.map((t) => t.registry_subject).join(', ')}`);
}
