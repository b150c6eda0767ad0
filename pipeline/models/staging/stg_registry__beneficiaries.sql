-- Beneficiaries named on each registration (clients, parents, subsidiaries, coalition members…).
with source as (
    select * from src_registry__beneficiaries
),

renamed as (
    select
        trim(sm_number) as registration_id,
        cast(ordinal as integer) as ordinal,
        'beneficiary' as party_source,
        trim(type) as party_type,
        trim(name) as name,
        trim(trade_name) as trade_name,
        cast(null as varchar) as business_type,
        upper(regexp_replace(coalesce(postal_code, ''), '\s', '', 'g')) as postal_code,
        source_file,
        cast(source_position as bigint) as source_position
    from source
    where name is not null -- a beneficiary without a name cannot be an organisation (counted in qa)
)

select * from renamed
