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

-- Procurement and contributions (docs/procurement-contributions.md). A money amount written as free text:
-- why it cannot be read as one CAD amount, or null when it can. Rates, foreign currency, several amounts and junk
-- are refused rather than guessed; `S2,035,000.00` (S typed for $) is read and reported by amount_repair.
create or replace macro amount_issue(raw) as
    case
        when nullif(trim(raw), '') is null then null
        when regexp_matches(upper(raw), '\b(USD|US)\b|US\$|U\.S\.|\bEUR\b|€|£') then 'foreign currency'
        when regexp_matches(upper(raw), '\d\s*/\s*[A-Z]|\bPER\b|\bHOURLY\b|/\s*(HR|HOUR|MT|TONNE|KG|L|M)\b') then 'rate, not a total'
        when len(regexp_extract_all(raw, '\d[\d,]*(\.\d+)?')) > 1 then 'several amounts in one cell'
        when regexp_matches(upper(trim(raw)), '^(CAD\s*)?[\$S]?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?\s*(CAD)?$') then null
        else 'not an amount'
    end;

-- The amount of a free-text money cell when amount_issue finds none (2 decimals), else null.
create or replace macro parse_amount(raw) as
    case when nullif(trim(raw), '') is not null and amount_issue(raw) is null
        then round(cast(regexp_replace(raw, '[^0-9.]', '', 'g') as double), 2) end;

-- How a readable amount was repaired, when it was: an S typed for the dollar sign.
create or replace macro amount_repair(raw) as
    case when amount_issue(raw) is null and regexp_matches(upper(trim(raw)), '^(CAD\s*)?S') then 'S read as $' end;

-- A solicitation document number: why it is not a usable 10-digit number, or null when it is. A `Doc` prefix before
-- exactly 10 digits is stripped (the digits are the number); placeholders and Excel scientific notation are refused.
create or replace macro document_number_issue(raw) as
    case
        when nullif(trim(raw), '') is null then null
        when regexp_matches(trim(raw), '(?i)^[0-9.]+e[+-]?[0-9]+$') then 'scientific notation (digits lost)'
        when regexp_matches(regexp_replace(trim(raw), '(?i)^doc[\s\-_#:]*', ''), '^(0{10}|1{10}|2{10}|3{10}|4{10}|5{10}|6{10}|7{10}|8{10}|9{10}|0123456789|1234567890)$')
            or regexp_matches(trim(raw), '(?i)^x+$') then 'placeholder'
        when regexp_matches(regexp_replace(trim(raw), '(?i)^doc[\s\-_#:]*', ''), '^\d{10}$') then null
        when regexp_matches(trim(raw), '(?i)^doc') then 'Doc prefix without a 10-digit number'
        else 'not a 10-digit number'
    end;

create or replace macro document_number(raw) as
    case when nullif(trim(raw), '') is not null and document_number_issue(raw) is null
        then regexp_replace(trim(raw), '(?i)^doc[\s\-_#:]*', '') end;

-- A business address for linking organisations (never published): street line folded (suite kept, street words
-- abbreviated) plus a valid postal code; null when either part is missing or the postal code is a placeholder.
create or replace macro address_key(street, postal) as
    case
        when regexp_matches(upper(regexp_replace(coalesce(postal, ''), '\s', '', 'g')), '^[A-Z]\d[A-Z]\d[A-Z]\d$')
            and upper(regexp_replace(postal, '\s', '', 'g')) not in ('M0M0M0', 'A1A1A1')
            and regexp_matches(coalesce(street, ''), '\d')
        then trim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
                ' ' || regexp_replace(lower(strip_accents(street)), '[^a-z0-9]+', ' ', 'g') || ' ',
                ' (suite|ste|unit|apt|room|rm) ', ' suite ', 'g'),
                ' street ', ' st ', 'g'),
                ' avenue ', ' ave ', 'g'),
                ' road ', ' rd ', 'g'),
                ' (boulevard|blvd) ', ' blvd ', 'g'),
                ' west ', ' w ', 'g'),
                ' east ', ' e ', 'g'),
                '\s+', ' ', 'g'))
            || ' ' || upper(regexp_replace(postal, '\s', '', 'g'))
    end;

-- Whether two different organisation keys look like spellings of one organisation (a typo, or one is the other's
-- initials) rather than two legal entities: such pairs are L3 merge candidates, so no group is built on them.
-- Names that differ only in the legal form ("Acme Co" / "Acme Corp") are different entities and stay apart.
create or replace macro org_spelling_variants(a, b) as
    a <> b and (
        (levenshtein(a, b) <= 2
            and regexp_replace(a, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', '') <> regexp_replace(b, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', ''))
        or (not contains(a, ' ') and len(a) between 2 and 6
            and a = array_to_string(list_transform(string_split(regexp_replace(b, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', ''), ' '), w -> left(w, 1)), ''))
        or (not contains(b, ' ') and len(b) between 2 and 6
            and b = array_to_string(list_transform(string_split(regexp_replace(a, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', ''), ' '), w -> left(w, 1)), ''))
    );
