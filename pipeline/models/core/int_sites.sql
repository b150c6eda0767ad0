-- Sites: one per address key, with its stable id, display address, slug, geocode and ward. The ward is the
-- geocoded one (address point or containing polygon), else the sources' own; `ward_ambiguous` flags sites whose
-- sources (planning WARD_NUMBER, CoA WARD, 25-ward-era agenda wardId) and geocode do not all agree.
with mentions as (
    select * from int_site_mentions
    where address_key is not null -- unkeyable addresses are reported by qa_development_values
),

display_mention as (
    -- the address as the most authoritative source writes it: planning file, CoA, agenda item, registration
    select address_key, number_text, street_name, street_type, street_direction
    from mentions
    qualify row_number() over (partition by address_key order by
        case source when 'development' then 1 when 'coa' then 2 when 'agenda_item' then 3 else 4 end,
        seen_date nulls last, source_position nulls last, record_id, ordinal) = 1
),

source_wards as (
    -- the ward the sources name most often (lowest on a tie), for sites without a geocoded ward
    select address_key, source_ward as ward
    from mentions
    where source_ward is not null
    group by address_key, source_ward
    qualify row_number() over (partition by address_key order by count(*) desc, source_ward) = 1
),

ward_votes as (
    select m.address_key, count(distinct w.ward) as wards
    from (
        select address_key, source_ward as ward from mentions
        union all
        select address_key, geocoded_ward from int_site_geocodes
    ) as w
    join (select distinct address_key from mentions) as m using (address_key)
    where w.ward is not null
    group by m.address_key
),

joined as (
    select
        i.id,
        upper(regexp_replace(d.number_text, '\s*-\s*', '-', 'g')) || ' ' || coalesce(g.street_display,
            concat_ws(' ', title_case(replace(site_street_name(d.street_name), '_', ' ')),
                title_case(site_street_type(d.street_type)), site_street_dir(d.street_direction))) as address,
        g.address_key,
        -- the key, lower-cased and hyphenated: unique and as stable as the key itself
        replace(lower(g.address_key), '_', '-') as slug,
        coalesce(g.geocoded_ward, sw.ward) as ward,
        g.latitude,
        g.longitude,
        g.geocode_method,
        g.matched_key,
        g.number_gap,
        case when coalesce(v.wards, 0) > 1 then 1 else 0 end as ward_ambiguous
    from int_site_geocodes as g
    join int_site_ids as i on i.natural_key = g.address_key
    join display_mention as d using (address_key)
    left join source_wards as sw using (address_key)
    left join ward_votes as v using (address_key)
)

select
    cast(id as integer) as id,
    address,
    address_key,
    slug,
    cast(ward as integer) as ward,
    cast(latitude as double) as latitude,
    cast(longitude as double) as longitude,
    geocode_method,
    matched_key,
    cast(number_gap as integer) as number_gap,
    cast(ward_ambiguous as integer) as ward_ambiguous
from joined
