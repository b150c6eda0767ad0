-- Toronto One Address Repository points: the address key of each point (low number + suffix, street, type,
-- direction), its number for nearest-number matching, its ward and WGS84 position.
with source as (
    select * from src_geo__address_points
),

renamed as (
    select
        try_cast(address_point_id as bigint) as address_point_id,
        nullif(trim(address_number), '') as address_number,
        try_cast(lo_num as integer) as lo_num,
        nullif(upper(trim(lo_num_suf)), '') as lo_num_suf,
        try_cast(hi_num as integer) as hi_num,
        nullif(trim(linear_name_full), '') as linear_name_full,
        nullif(trim(linear_name), '') as linear_name,
        nullif(trim(linear_name_type), '') as linear_name_type,
        nullif(trim(linear_name_dir), '') as linear_name_dir,
        nullif(trim(centreline_side), '') as centreline_side,
        nullif(trim(address_full), '') as address_full,
        ward_25(ward) as ward,
        nullif(trim(municipality_name), '') as municipality_name,
        try_cast(latitude as double) as latitude,
        try_cast(longitude as double) as longitude,
        source_file,
        cast(source_position as bigint) as source_position
    from source
)

select
    *,
    -- LO_NUM is the number a range is keyed by, exactly as sites are keyed by the low end of theirs
    site_address_key(cast(lo_num as varchar) || coalesce(lo_num_suf, ''), linear_name, linear_name_type, linear_name_dir) as address_key,
    site_street_key(linear_name, linear_name_type, linear_name_dir) as street_key
from renamed
