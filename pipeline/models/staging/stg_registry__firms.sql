-- Firms named on each registration (consultant firm, in-house employer, parents, subsidiaries).
with source as (
    select * from src_registry__firms
),

renamed as (
    select
        trim(sm_number) as registration_id,
        cast(ordinal as integer) as ordinal,
        'firm' as party_source,
        trim(type) as party_type,
        trim(name) as name,
        trim(trade_name) as trade_name,
        trim(business_type) as business_type,
        description,
        upper(regexp_replace(coalesce(postal_code, ''), '\s', '', 'g')) as postal_code,
        source_file,
        cast(source_position as bigint) as source_position
    from source
    where name is not null -- a firm entry without a name cannot be an organisation (counted in qa)
)

select * from renamed
