-- GET /sites rows in id order; ward, geocode_method and address are the filter columns.
select
    id,
    address,
    address_key,
    slug,
    ward,
    latitude,
    longitude,
    geocode_method,
    matched_key,
    number_gap,
    ward_ambiguous,
    lpad(cast(id as varchar), 12, '0') as _sort
from int_sites
