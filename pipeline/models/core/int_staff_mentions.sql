-- Office holders other than members (staff, local boards) named on communications with a full name.
with named as (
    select
        communication_id,
        registration_id,
        communication_date,
        office_holder_type,
        poh_name,
        -- titles typed before names are not part of the name
        trim(regexp_replace(lower(strip_accents(poh_name)),
            '\b(mr|mrs|ms|miss|dr|hon|councillor|councilor|mayor|deputy|chief|of|staff|the)\b\.?', ' ', 'g')) as bare_name
    from stg_registry__communications
    where is_poh_contact
        and office_holder_type in ('councillor_staff', 'city_staff', 'local_board') -- members are resolved separately
        and poh_name is not null
),

final as (
    select
        *,
        person_key(bare_name, '') as name_key
    from named
    where len(string_split(trim(regexp_replace(bare_name, '[^a-z ]', '', 'g')), ' ')) between 2 and 4 -- a first and last name, not a job title
)

select * from final
