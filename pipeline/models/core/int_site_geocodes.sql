-- One row per address key named by any source, geocoded by the first method that applies: `exact` (an address
-- point has the same key), `nearest_number` (same street, same side = same number parity, smallest gap, at most 20),
-- `source` (the planning file's own X/Y, projected, when it falls inside the city), else `unresolved`.
-- `natural_key` (= address_key) feeds the stable site ids.
with keys as (
    select address_key, any_value(street_key) as street_key, any_value(street_number) as street_number
    from int_site_mentions
    where address_key is not null -- addresses without a number or street cannot be sites (qa_development_values)
    group by address_key
),

points as (
    -- several points can share a key (land and structure entrance): the lowest id stands for the address
    select * from stg_geo__address_points
    where address_key is not null and latitude is not null and longitude is not null
    qualify row_number() over (partition by address_key order by address_point_id) = 1
),

exact as (
    select k.address_key, p.address_key as matched_key, 0 as number_gap, p.latitude, p.longitude, p.ward,
        p.linear_name_full
    from keys as k
    join points as p using (address_key)
),

nearest as (
    -- same side of the street is the same parity; a gap over 20 numbers is usually another block
    select k.address_key, p.address_key as matched_key, abs(p.lo_num - k.street_number) as number_gap,
        p.latitude, p.longitude, p.ward, p.linear_name_full
    from keys as k
    join points as p
        on p.street_key = k.street_key
        and p.lo_num % 2 = k.street_number % 2
        and abs(p.lo_num - k.street_number) <= 20
    where k.address_key not in (select address_key from exact)
    qualify row_number() over (partition by k.address_key
        order by abs(p.lo_num - k.street_number), p.lo_num, p.address_key) = 1
),

source_points as (
    -- the earliest planning row's X/Y for the key, when it projects inside the city
    select m.address_key, c.latitude, c.longitude, c.ward
    from int_site_mentions as m
    join int_site_coordinates as c on c.x = m.x and c.y = m.y
    where m.source = 'development' and m.address_key is not null and c.inside_city
    qualify row_number() over (partition by m.address_key order by m.seen_date nulls last, m.source_position) = 1
)

select
    k.address_key as natural_key,
    k.address_key,
    k.street_key,
    k.street_number,
    case
        when e.address_key is not null then 'exact'
        when n.address_key is not null then 'nearest_number'
        when s.address_key is not null then 'source'
        else 'unresolved'
    end as geocode_method,
    coalesce(e.matched_key, n.matched_key) as matched_key,
    coalesce(e.number_gap, n.number_gap) as number_gap,
    coalesce(e.latitude, n.latitude, s.latitude) as latitude,
    coalesce(e.longitude, n.longitude, s.longitude) as longitude,
    -- the address point's ward for exact and nearest; the containing ward polygon for source coordinates
    coalesce(e.ward, n.ward, s.ward) as geocoded_ward,
    -- the City's spelling of the street, for display
    coalesce(e.linear_name_full, n.linear_name_full) as street_display
from keys as k
left join exact as e using (address_key)
left join nearest as n using (address_key)
left join source_points as s using (address_key)
