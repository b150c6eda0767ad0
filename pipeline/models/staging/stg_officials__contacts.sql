-- Elected officials per term (mayor and councillors with their wards); vacancies have no name.
with source as (
    select * from src_officials__contacts
)

select
    trim(term) as term,
    trim(district_name) as district_name,
    try_cast(regexp_extract(district_id, '(\d+)', 1) as integer) as ward,
    case lower(trim(primary_role)) when 'mayor' then 'mayor' when 'councillor' then 'councillor' else lower(trim(primary_role)) end as role,
    trim(first_name) as first_name,
    trim(last_name) as last_name,
    source_file,
    cast(source_position as bigint) as source_position
from source
where first_name is not null and last_name is not null -- vacancy rows ("None") hold no person
