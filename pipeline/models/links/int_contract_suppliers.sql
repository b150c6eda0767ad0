-- The organisation each contract's supplier is, resolved once for every table, filter and figure that names it: the
-- organisation with an equal key (int_contracts), else the one its published L6 link names (the highest score, then
-- the lower id, when several do), then that organisation's canonical record (L3 merges). A contract resolved to no
-- organisation keeps the supplier name the City published.
with l6 as (
    select
        from_id as contract_id,
        arg_min(cast(to_id as integer), (-probability, cast(to_id as integer))) as organization_id
    from int_links
    where task = 'L6' and published -- contract → organisation: only published links resolve a supplier
    group by from_id
),

resolved as (
    select
        c.id as contract_id,
        c.supplier_name,
        coalesce(c.supplier_key_organization_id, l6.organization_id) as organization_id,
        case
            when c.supplier_key_organization_id is not null then 'equal_key'
            when l6.organization_id is not null then 'L6'
        end as basis
    from int_contracts as c
    left join l6 on l6.contract_id = c.id
),

final as (
    select
        r.contract_id,
        k.canonical_id as supplier_organization_id,
        coalesce(o.canonical_name, r.supplier_name) as supplier_name,
        o.slug as supplier_slug,
        r.basis
    from resolved as r
    left join int_organization_canonical as k on k.organization_id = r.organization_id
    left join int_organizations as o on o.id = k.canonical_id
)

select * from final
