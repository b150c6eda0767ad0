// Outcome rules for application status and decision text, read from pipeline/seeds/application_outcomes.csv:
// (priority, pattern, outcome). A text takes the outcome of the first rule (lowest priority) whose RE2 pattern
// matches its lower-cased form. Loaded here because the runner loads only topics.csv as a seed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');
const SEED = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'seeds', 'application_outcomes.csv');

export async function build(wh: Warehouse): Promise<void> {
  await wh.exec(`create or replace table ${TABLE} as
    select cast(priority as integer) as priority, pattern, outcome
    from read_csv($path, header = true, all_varchar = true, quote = '"')
    order by priority`, { path: SEED });
}
