-- Contracts with the organisations that won them: the supplier resolved by an equal organisation key
-- (supplier_organization_id) and every organisation a published L6 link names as the supplier. `primary_supplier`
-- marks the one organisation a count per supplier uses (the key-resolved supplier, else the L6 link with the highest
-- score, then the lower organisation id), so that no contract is counted for two suppliers.
with candidates as (
    select id as contract_id, supplier_organization_id as organization_id, 2.0 as strength
    from api_contracts
    where supplier_organization_id is not null -- resolved by an equal organisation key
    union all
    select from_id, cast(to_id as integer), probability
    from api_links
    where task = 'L6' -- contract → organisation: the supplier is that organisation
),

best as (
    -- one row per contract and organisation, with its strongest basis
    select contract_id, organization_id, max(strength) as strength
    from candidates
    group by all
),

final as (
    select
        contract_id,
        organization_id,
        row_number() over (partition by contract_id order by strength desc, organization_id) = 1 as primary_supplier
    from best
)

select * from final
