// Given-name equivalents (William ~ Bill, Alexandra ~ Sasha), read from pipeline/seeds/given_name_equivalents.csv
// (formal, short): a general list of common English forms, not the sample city's. People matching (L4, L5, L7) uses
// it so that a contributor or lobbyist who signs with a nickname still meets the formal name, in either direction.
// Names are folded like person_key (accents, case, punctuation); both directions are stored.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');
const SEED = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'seeds', 'given_name_equivalents.csv');

export async function build(wh: Warehouse): Promise<void> {
  await wh.exec(`create or replace table ${TABLE} as
    with seed as (
        select person_key(formal, '') as formal, person_key(short, '') as short
        from read_csv($path, header = true, all_varchar = true)
        where nullif(trim(formal), '') is not null and nullif(trim(short), '') is not null
    )
    select distinct formal as name, short as equivalent from seed
    union
    select distinct short as name, formal as equivalent from seed
    order by name, equivalent`, { path: SEED });
}
