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

-- An organisation key without its legal form, and that form (null without one): the forms org_key folds to.
create or replace macro org_base(key) as regexp_replace(key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', '');
create or replace macro org_legal_form(key) as nullif(regexp_extract(key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', 1), '');

-- A URL slug: lower-case ASCII words joined by hyphens.
create or replace macro slugify(text) as
    nullif(trim(regexp_replace(lower(strip_accents(coalesce(text, ''))), '[^a-z0-9]+', '-', 'g'), '-'), '');

-- The ward number named in free text such as "Ward 41 Scarborough-Rouge River" or "office of councillor x, ward 12".
create or replace macro ward_in_text(text) as
    try_cast(regexp_extract(lower(coalesce(text, '')), 'ward\s*#?\s*(\d{1,2})', 1) as integer);

-- The number of wards in Toronto's ward model in force on a date: 44 until 2018-11-30, 25 from 2018-12-01 (the
-- 25-ward model took effect with the council elected in 2018); null without a date.
create or replace macro ward_model(d) as
    case when d >= date '2018-12-01' then 25 when d is not null then 44 end;

-- Whether a ward number exists in the ward model in force on a date (false when the date is unknown).
create or replace macro ward_in_model(ward, d) as
    coalesce(ward between 1 and ward_model(d), false);

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
            and org_base(a) <> org_base(b))
        or (not contains(a, ' ') and len(a) between 2 and 6
            and a = array_to_string(list_transform(string_split(org_base(b), ' '), w -> left(w, 1)), ''))
        or (not contains(b, ' ') and len(b) between 2 and 6
            and b = array_to_string(list_transform(string_split(org_base(a), ' '), w -> left(w, 1)), ''))
    );

-- Development domain (docs/geocoding.md): City dates and wards, address keys, sizes parsed from descriptions. ------

-- A City date: ISO `YYYY-MM-DD` with or without a time (`2008-01-02T00:00:00`), or `Mon D, YYYY` with or without a
-- zero-padded day (`Dec 4, 2024`, `Apr 05, 2025`); null for anything else, including impossible days.
create or replace macro city_date(raw) as
    case
        when regexp_matches(trim(raw), '^\d{4}-\d{2}-\d{2}([T ][0-9:.]+)?$') then try_cast(left(trim(raw), 10) as date)
        when regexp_matches(trim(raw), '^[A-Za-z]{3} \d{1,2}, \d{4}$') then cast(try_strptime(trim(raw), '%b %d, %Y') as date)
    end;

-- A 25-ward number from text such as `05`, `5` or `5.0`; junk (`YY`, `NA`) and numbers outside 1-25 are null.
create or replace macro ward_25(raw) as
    case when try_cast(try_cast(trim(raw) as double) as integer) between 1 and 25
        then try_cast(try_cast(trim(raw) as double) as integer) end;

-- One canonical abbreviation per street type (the City's own LINEAR_NAME_TYPE spellings); unknown types pass upper-cased.
create or replace macro site_street_type_word(w) as
    case
        when w in ('AVENUE', 'AVE', 'AV') then 'AVE'
        when w in ('STREET', 'ST', 'STR') then 'ST'
        when w in ('ROAD', 'RD') then 'RD'
        when w in ('DRIVE', 'DR') then 'DR'
        when w in ('BOULEVARD', 'BLVD', 'BOUL') then 'BLVD'
        when w in ('CRESCENT', 'CRES', 'CRESC') then 'CRES'
        when w in ('COURT', 'CRT', 'CT') then 'CRT'
        when w in ('PLACE', 'PL') then 'PL'
        when w in ('GATE', 'GT') then 'GT'
        when w in ('GARDENS', 'GARDEN', 'GDNS', 'GDN') then 'GDNS'
        when w in ('CIRCLE', 'CIR', 'CRCL') then 'CIR'
        when w in ('TRAIL', 'TRL') then 'TRL'
        when w in ('SQUARE', 'SQ') then 'SQ'
        when w in ('GROVE', 'GRV') then 'GRV'
        when w in ('LANE', 'LN') then 'LANE'
        when w in ('TERRACE', 'TERR', 'TER') then 'TERR'
        when w in ('PARKWAY', 'PKWY') then 'PKWY'
        when w in ('HEIGHTS', 'HTS') then 'HTS'
        when w in ('HIGHWAY', 'HWY') then 'HWY'
        else nullif(w, '')
    end;
create or replace macro site_street_type(t) as
    site_street_type_word(regexp_replace(upper(coalesce(t, '')), '[^A-Z]', '', 'g'));

-- Street types and directions recognised at the end of a free-text address (long and short forms).
create or replace macro site_street_types_re() as
    'AVENUE|AVE|AV|STREET|STR|ST|ROAD|RD|DRIVE|DR|BOULEVARD|BLVD|CRESCENT|CRES|COURT|CRT|CT|PLACE|PL|GATE|GT|GARDENS|GDNS'
    || '|CIRCLE|CIR|CRCL|TRAIL|TRL|SQUARE|SQ|GROVE|GRV|LANE|LN|WAY|TERRACE|TERR|TER|PARKWAY|PKWY|HEIGHTS|HTS|HIGHWAY|HWY';

-- One letter per direction: EAST → E, WEST → W, NORTH → N, SOUTH → S.
create or replace macro site_street_dir(d) as
    case left(regexp_replace(upper(coalesce(d, '')), '[^A-Z]', '', 'g'), 1)
        when 'E' then 'E' when 'W' then 'W' when 'N' then 'N' when 'S' then 'S' end;

-- Street name as key words: accents, case and punctuation folded (`ST. CLAIR` → `ST_CLAIR`).
create or replace macro site_street_name(n) as
    nullif(trim(regexp_replace(upper(strip_accents(coalesce(n, ''))), '[^A-Z0-9]+', '_', 'g'), '_'), '');

-- A street's key: name, canonical type and direction (`QUEEN_ST_E`); null without a name (`||` propagates null).
create or replace macro site_street_key(name, type, dir) as
    site_street_name(name) || coalesce('_' || site_street_type(type), '') || coalesce('_' || site_street_dir(dir), '');

-- The number a site is keyed by: the low end of a range (`50-60` → `50`), leading zeros dropped, suffix kept (`12A`).
create or replace macro site_number_low(num) as
    nullif(regexp_extract(upper(regexp_replace(coalesce(num, ''), '\s', '', 'g')), '^0*(\d+[A-Z]?)', 1), '');

-- An address key: upper-case words joined by `_` (`50_SPADINA_AVE`, `12_QUEEN_ST_E`); URL- and file-safe; null
-- without a number or a street name.
create or replace macro site_address_key(num, name, type, dir) as
    site_number_low(num) || '_' || site_street_key(name, type, dir);

-- A free-text address (`189 Eglinton Avenue West`, `50-60 Spadina Ave, Toronto`) split into number, name, type and
-- direction; the name is the shortest run of words that leaves an optional known type and direction at the end.
create or replace macro site_address_parts(text) as
    regexp_extract(
        trim(regexp_replace(regexp_replace(upper(strip_accents(split_part(coalesce(text, ''), ',', 1))), '\.', '', 'g'), '\s+', ' ', 'g')),
        '^(\d+[A-Z]?(?:\s*-\s*\d+[A-Z]?)?)\s+(.+?)(?:\s+(' || site_street_types_re() || '))?(?:\s+(EAST|WEST|NORTH|SOUTH|E|W|N|S))?$',
        ['number', 'name', 'type', 'direction']);

-- Words in title case, for display of streets that no address point spells (`DON MILLS` → `Don Mills`).
create or replace macro title_case(text) as
    array_to_string(list_transform(string_split(lower(text), ' '), w -> upper(left(w, 1)) || substr(w, 2)), ' ');

-- Dwelling units stated in a description (`473 residential units`, `80 dwelling units`, `12 units`): the largest
-- such number, since descriptions name the total next to parts of it (`… including 30 affordable units`).
create or replace macro units_in_text(t) as
    list_max(list_transform(
        regexp_extract_all(lower(coalesce(t, '')),
            '(\d[\d,]*)\s+(?:(?:new|residential|dwelling|rental|condominium|condo|affordable|housing|townhouse)\s+)*units?\b', 1),
        x -> try_cast(replace(x, ',', '') as integer)));

-- Floor area in square metres stated in a description (`19,200 square metres`, `2,250 m2`, `5,000 sq ft` converted):
-- the largest area stated. Descriptions often give only part (retail, non-residential), so this is a lower bound.
create or replace macro gfa_in_text(t) as
    list_max(list_concat(
        list_transform(regexp_extract_all(lower(coalesce(t, '')),
            '(\d[\d,]*(?:\.\d+)?)\s*(?:m2|m²|sq\.?\s*m\b|square\s+met(?:re|er)s?)', 1),
            x -> try_cast(replace(x, ',', '') as double)),
        list_transform(regexp_extract_all(lower(coalesce(t, '')),
            '(\d[\d,]*(?:\.\d+)?)\s*(?:sq\.?\s*ft\b|square\s+feet|sf\b)', 1),
            x -> round(try_cast(replace(x, ',', '') as double) * 0.09290304, 1))));

-- Size band of a number of units: `0`, `1-9`, `10-49`, `50-199`, `200+`; null when the units are unknown.
create or replace macro size_band(units) as
    case when units is null then null when units = 0 then '0' when units < 10 then '1-9' when units < 50 then '10-49'
        when units < 200 then '50-199' else '200+' end;

-- A natural sort key: every run of digits zero-padded to 12, so `A0123/24TEY` < `A1000/24TEY` and `9 …` < `10 …`.
create or replace macro natural_sort_key(id) as
    array_to_string(list_transform(regexp_extract_all(upper(coalesce(id, '')), '\d+|\D+'),
        t -> case when regexp_matches(t, '^\d') then lpad(t, cast(greatest(12, length(t)) as integer), '0') else t end), '');

-- Text cut to at most n characters at a word boundary, with an ellipsis when cut (a label stays one short line).
create or replace macro label_clip(text, n) as
    case when length(text) <= n then text
         else rtrim(regexp_replace(left(text, n), '\s+\S*$', ''), ' ,;:.-—') || '…' end;
