-- City Planning development applications, one row per address row: typed, trimmed, City quirks handled (ISO
-- timestamps, `Mon D, YYYY`, zero-padded wards, single-space directions), plus the row's address key.
with source as (
    select * from src_development__applications
),

renamed as (
    select
        -- the City pads with double spaces now and then; one space keeps `21 208078 STE 10 OZ` one id
        nullif(trim(regexp_replace(application_number, '\s+', ' ', 'g')), '') as application_number,
        nullif(upper(trim(application_type)), '') as application_type,
        nullif(trim(street_num), '') as street_num,
        nullif(trim(regexp_replace(street_name, '\s+', ' ', 'g')), '') as street_name,
        nullif(trim(street_type), '') as street_type,
        -- a single space is the City's blank direction
        nullif(trim(street_direction), '') as street_direction,
        nullif(trim(postal), '') as postal,
        city_date(date_submitted) as submitted,
        date_submitted as date_submitted_raw,
        nullif(trim(status), '') as status,
        try_cast(x as double) as x,
        try_cast(y as double) as y,
        x as x_raw,
        y as y_raw,
        nullif(trim(regexp_replace(description, '\s+', ' ', 'g')), '') as description,
        nullif(trim(regexp_replace(reference_file_number, '\s+', ' ', 'g')), '') as reference_file_number,
        nullif(trim(folderrsn), '') as folderrsn,
        ward_25(ward_number) as ward,
        ward_number as ward_raw,
        nullif(trim(ward_name), '') as ward_name,
        city_date(community_meeting_date) as community_meeting_date,
        nullif(trim(application_url), '') as application_url,
        nullif(trim(regexp_replace(parent_folder_number, '\s+', ' ', 'g')), '') as parent_folder_number,
        source_file,
        cast(source_position as bigint) as source_position
    from source
)

select
    *,
    site_address_key(street_num, street_name, street_type, street_direction) as address_key,
    site_street_key(street_name, street_type, street_direction) as street_key
from renamed
