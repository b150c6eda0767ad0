-- Communications reported on each registration: POH contacts and participating lobbyists, typed and normalised.
with source as (
    select * from src_registry__communications
),

renamed as (
    select
        communication_id,
        trim(sm_number) as registration_id,
        cast(ordinal as integer) as ordinal,
        -- public office holder as typed by the lobbyist
        trim(poh_office) as poh_office,
        trim(poh_type) as poh_type,
        trim(poh_position) as poh_position,
        trim(poh_name) as poh_name,
        case lower(trim(poh_type))
            when 'member of council' then 'member_of_council'
            when 'staff of member of council' then 'councillor_staff'
            when 'employee of the city' then 'city_staff'
            when 'employee of local board' then 'local_board'
            when 'member of local board' then 'local_board'
            when 'staff of member of local board' then 'local_board'
            else 'unknown' -- advisory bodies and blanks: no contract category fits
        end as office_holder_type,
        -- method: several may be listed; the published method is the most direct one (meeting > call > email > written > other)
        trim(communication_method) as method_raw,
        case
            when communication_method is null then null
            when regexp_matches(lower(communication_method), '(^|;)\s*meeting') then 'meeting'
            when regexp_matches(lower(communication_method), 'telephone|phone|call') then 'call'
            when regexp_matches(lower(communication_method), 'e-?mail') then 'email'
            when regexp_matches(lower(communication_method), 'written|letter') then 'written'
            else 'other'
        end as method,
        try_cast(communication_date as date) as communication_date,
        communication_date as communication_date_raw,
        communication_group_id,
        -- participating lobbyist (empty when the registrant lobbied)
        upper(trim(lobbyist_number)) as lobbyist_number,
        trim(lobbyist_type) as lobbyist_type,
        trim(regexp_replace(lobbyist_first_name, '\s*[\(\[][^\)\]]*[\)\]]\s*', ' ', 'g')) as lobbyist_first_name,
        trim(lobbyist_last_name) as lobbyist_last_name,
        -- a row is a POH contact when any office-holder field is present
        (poh_office is not null or poh_type is not null or poh_name is not null or poh_position is not null) as is_poh_contact,
        source_file,
        cast(source_position as bigint) as source_position
    from source
)

select * from renamed
