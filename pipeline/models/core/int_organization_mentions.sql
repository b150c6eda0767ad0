-- Every organisation named on a registration (firms and beneficiaries), with its matching key.
with parties as (
    select registration_id, ordinal, party_source, party_type, name, trade_name, business_type, source_file, source_position
    from stg_registry__firms
    union all
    select registration_id, ordinal, party_source, party_type, name, trade_name, business_type, source_file, source_position
    from stg_registry__beneficiaries
),

final as (
    select
        *,
        org_key(name) as org_key
    from parties
    where org_key(name) is not null -- names made only of punctuation cannot identify an organisation
)

select * from final
