-- Committee of Adjustment applications (active and closed files), one row per source row: typed and trimmed, the
-- application id (reference number, else SYS_ID), City quirks handled (`Mon D, YYYY` padded or not, `YY` wards).
with source as (
    select * from src_coa__applications
),

renamed as (
    select
        file_kind,
        nullif(trim(sys_id), '') as sys_id,
        nullif(upper(regexp_replace(reference_file_number, '\s+', '', 'g')), '') as reference_number,
        nullif(upper(trim(application_type)), '') as application_type,
        city_date(in_date) as submitted,
        in_date as in_date_raw,
        nullif(trim(planning_district), '') as planning_district,
        nullif(trim(street_num), '') as street_num,
        nullif(trim(regexp_replace(street_name, '\s+', ' ', 'g')), '') as street_name,
        nullif(trim(street_type), '') as street_type,
        -- a single space is the City's blank direction
        nullif(trim(street_direction), '') as street_direction,
        nullif(trim(postal), '') as postal,
        nullif(trim(sub_type), '') as sub_type,
        nullif(trim(work_type), '') as work_type,
        nullif(trim(regexp_replace(description, '\s+', ' ', 'g')), '') as description,
        city_date(hearing_date) as hearing_date,
        hearing_date as hearing_date_raw,
        nullif(trim(regexp_replace(c_of_a_descision, '\s+', ' ', 'g')), '') as decision,
        case lower(trim(anyone_object_at_meeting)) when 'yes' then 1 when 'no' then 0 end as objections,
        city_date(omb_order_date) as omb_order_date,
        nullif(trim(omb_descision), '') as omb_decision,
        nullif(trim(statusdesc), '') as status,
        ward_25(ward) as ward,
        ward as ward_raw,
        nullif(trim(ward_name), '') as ward_name,
        city_date(finaldate) as final_date,
        finaldate as finaldate_raw,
        nullif(trim(application_url), '') as application_url,
        nullif(upper(regexp_replace(parent_folder_number, '\s+', ' ', 'g')), '') as parent_folder_number,
        source_file,
        cast(source_position as bigint) as source_position
    from source
)

select
    -- older applications have no reference number; SYS_ID (the City's row key) identifies them then
    coalesce(reference_number, sys_id) as application_id,
    *,
    site_address_key(street_num, street_name, street_type, street_direction) as address_key,
    site_street_key(street_name, street_type, street_direction) as street_key
from renamed
