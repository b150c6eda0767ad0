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
