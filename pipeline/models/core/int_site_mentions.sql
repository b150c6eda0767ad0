-- Every address a source names, one row per (source record, address): development-application address rows, CoA
-- applications, TMMIS agenda-item addresses and street addresses found in registration particulars. Each carries
-- its address key, street key and number (for geocoding), the source's own ward and, for planning rows, X/Y.
with development as (
    select
        'development' as source,
        application_number as record_id,
        source_file,
        source_position,
        1 as ordinal,
        concat_ws(' ', street_num, street_name, street_type, street_direction) as address_text,
        street_num as number_text,
        street_name,
        street_type,
        street_direction,
        ward as source_ward,
        x,
        y,
        submitted as seen_date
    from stg_development__applications
    where application_number is not null -- rows without a number are quarantined by the adapter
),

coa as (
    select
        'coa', application_id, source_file, source_position, 1,
        concat_ws(' ', street_num, street_name, street_type, street_direction),
        street_num, street_name, street_type, street_direction,
        ward, cast(null as double), cast(null as double), submitted
    from stg_coa__applications
),

agenda_addresses as (
    select i.id, i.meeting_date, u.address_text, u.ordinal,
        -- a TMMIS ward the ward model of the item's date does not have (a stale 44-ward number) says nothing
        list_filter(i.source_ward_ids, w -> ward_in_model(w, i.meeting_date)) as model_wards
    from int_agenda_items as i, unnest(i.addresses) with ordinality as u(address_text, ordinal)
),

agenda as (
    select
        'agenda_item', id, 'int_agenda_items', cast(null as bigint), cast(ordinal as integer),
        address_text,
        nullif(parts.number, ''), nullif(parts.name, ''), nullif(parts.type, ''), nullif(parts.direction, ''),
        -- the item's one ward, in the 25-ward era only: before 2018-12-01 wardId is a 44-ward number, not comparable
        case when ward_model(meeting_date) = 25 and len(model_wards) = 1 then model_wards[1] end,
        cast(null as double), cast(null as double), meeting_date
    from (select *, site_address_parts(address_text) as parts from agenda_addresses)
),

known_streets as (
    -- particulars are free text: only streets the City's address points or planning files know are kept
    select street_key from stg_geo__address_points where street_key is not null
    union
    select street_key from stg_development__applications where street_key is not null
    union
    select street_key from stg_coa__applications where street_key is not null
),

particular_matches as (
    -- a number (or range), one to three capitalised name words, a street type in any case, an optional direction;
    -- or a number and a typeless `The …` street (`781 The Queensway`)
    select r.id, coalesce(r.initial_approval_date, r.start_date) as seen_date, u.address_text, u.ordinal
    from int_registrations as r,
        unnest(list_concat(
            regexp_extract_all(coalesce(r.particulars, ''),
                '\b\d+[A-Z]?(?:-\d+[A-Z]?)?\s+(?:[A-Z][A-Za-z''-]*\.?\s+){1,3}?(?i:(?:' || site_street_types_re()
                || '))\b\.?(?:\s+(?:East|West|North|South|E|W|N|S)\b)?'),
            regexp_extract_all(coalesce(r.particulars, ''),
                '\b\d+[A-Z]?(?:-\d+[A-Z]?)?\s+The\s+[A-Z][A-Za-z]+\b(?:\s+(?:East|West|North|South|E|W|N|S)\b)?')
        )) with ordinality as u(address_text, ordinal)
),

registration as (
    select
        'registration', id, 'int_registrations', cast(null as bigint), cast(ordinal as integer),
        address_text,
        nullif(parts.number, ''), nullif(parts.name, ''), nullif(parts.type, ''), nullif(parts.direction, ''),
        cast(null as integer), cast(null as double), cast(null as double), seen_date
    from (select *, site_address_parts(address_text) as parts from particular_matches)
    where site_street_key(parts.name, parts.type, parts.direction) in (select street_key from known_streets)
),

unioned as (
    select * from development
    union all select * from coa
    union all select * from agenda
    union all select * from registration
)

select
    *,
    site_address_key(number_text, street_name, street_type, street_direction) as address_key,
    site_street_key(street_name, street_type, street_direction) as street_key,
    try_cast(regexp_extract(site_number_low(number_text), '^\d+') as integer) as street_number
from unioned
