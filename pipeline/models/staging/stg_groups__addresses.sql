-- Business addresses of organisations, for the shared-address group basis only (never published): registry firm
-- and beneficiary addresses, and the head-office addresses of corporate contributors (2014 layout). Individuals'
-- addresses are never read here.
with registry as (
    select 'registry_' || party as record_type, sm_number as registration_id, cast(null as varchar) as source_file,
        cast(null as bigint) as source_position, name, org_key(name) as org_key,
        address_key(concat_ws(' ', address_line1, address_line2), postal_code) as address_key
    from (
        select 'firm' as party, trim(sm_number) as sm_number, name, address_line1, address_line2, postal_code from src_registry__firms
        union all
        select 'beneficiary', trim(sm_number), name, address_line1, address_line2, postal_code from src_registry__beneficiaries
    )
),

contributors as (
    select 'contribution' as record_type, cast(null as varchar) as registration_id, source_file,
        cast(source_position as bigint) as source_position, trim(contributor_name) as name, org_key(contributor_name) as org_key,
        -- the street part: the published "street, city, province" without its last two parts
        address_key(regexp_replace(contributor_address, ',[^,]*,[^,]*$', ''), contributor_postal_code) as address_key
    from src_contributions__rows
    -- organisations' head offices only (the 2014 layout types them); people's addresses are private
    where lower(coalesce(contributor_type, '')) in ('corporation', 'trade union', 'union')
        and contributor_address is not null
),

final as (
    select * from registry
    union all
    select * from contributors
)

select * from final
where org_key is not null and address_key is not null -- an address or name that cannot be compared links nothing
