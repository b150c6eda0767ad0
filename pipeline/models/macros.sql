-- SQL macros shared by the models: the matching keys and slugs. Created before any layer runs.

-- A person's matching key: accents, case, punctuation and bracketed nicknames folded.
create or replace macro person_key(first_name, last_name) as
    nullif(trim(regexp_replace(
        lower(strip_accents(regexp_replace(coalesce(first_name, '') || ' ' || coalesce(last_name, ''), '[\(\[][^\)\]]*[\)\]]', ' ', 'g'))),
        '[^a-z0-9]+', ' ', 'g')), '');

-- An organisation's matching key: formatting folded, legal-form words reduced to one spelling each, so that
-- "Acme Developments Incorporated" and "ACME DEVELOPMENTS INC." meet but "… Inc." and "… Ltd." stay apart.
create or replace macro org_key(name) as
    nullif(trim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
        ' ' || trim(regexp_replace(replace(lower(strip_accents(coalesce(name, ''))), '&', ' and '), '[^a-z0-9]+', ' ', 'g')) || ' ',
        ' incorporated ', ' inc ', 'g'),
        ' limited ', ' ltd ', 'g'),
        ' corporation ', ' corp ', 'g'),
        ' company ', ' co ', 'g'),
        '^ the ', ' ', 'g'),
        '\s+', ' ', 'g')), '');

-- A URL slug: lower-case ASCII words joined by hyphens.
create or replace macro slugify(text) as
    nullif(trim(regexp_replace(lower(strip_accents(coalesce(text, ''))), '[^a-z0-9]+', '-', 'g'), '-'), '');

-- The ward number named in free text such as "Ward 41 Scarborough-Rouge River" or "office of councillor x, ward 12".
create or replace macro ward_in_text(text) as
    try_cast(regexp_extract(lower(coalesce(text, '')), 'ward\s*#?\s*(\d{1,2})', 1) as integer);

-- Stable public ids for one kind of record: ids issued by earlier runs (state_entity_ids, loaded from data/state)
-- are kept, and keys not seen before get the next numbers in key order. `keys_table` names a table with a
-- `natural_key` column. A model `int_<kind>_ids` built from this is saved back to the state after a good run.
create or replace macro stable_ids(entity_name, keys_table) as table
    with existing as (
        select natural_key, id from state_entity_ids where entity = entity_name
    ),
    new_keys as (
        select distinct k.natural_key from query_table(keys_table) as k
        where k.natural_key is not null and k.natural_key not in (select natural_key from existing)
    ),
    numbered as (
        select natural_key,
            cast((select coalesce(max(id), 0) from existing) + row_number() over (order by natural_key) as integer) as id
        from new_keys
    )
    select entity_name as entity, natural_key, id from existing
    union all
    select entity_name, natural_key, id from numbered;
