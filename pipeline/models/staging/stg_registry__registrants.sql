-- The lobbyist who registered each subject matter (one per registration, repeated across registrations).
with source as (
    select * from src_registry__registrants
),

renamed as (
    select
        trim(sm_number) as registration_id,
        upper(trim(registration_number)) as lobbyist_number,
        upper(trim(registration_number_with_so)) as lobbyist_number_with_so,
        status as registrant_status,
        type as registrant_type,
        -- names: trimmed; bracketed nicknames removed for matching but kept in the raw name
        trim(prefix) as prefix,
        trim(regexp_replace(first_name, '\s*[\(\[][^\)\]]*[\)\]]\s*', ' ', 'g')) as first_name,
        trim(middle_initials) as middle_initials,
        trim(last_name) as last_name,
        trim(suffix) as suffix,
        position_title,
        lower(trim(previous_public_office_holder)) = 'yes' as previous_public_office_holder,
        previous_public_office_hold_position,
        previous_public_office_position_program_name,
        try_cast(previous_public_office_hold_last_date as date) as previous_public_office_hold_last_date,
        -- the business address is kept for entity resolution only; it is never published
        city,
        upper(regexp_replace(coalesce(postal_code, ''), '\s', '', 'g')) as postal_code,
        source_file,
        cast(source_position as bigint) as source_position
    from source
)

select * from renamed
