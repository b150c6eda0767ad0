-- GET /insights/noncompetitive-share (analysis-definitions.md, Procurement): per scope, non-competitive reason and
-- calendar year of the award (contract) date, the non-competitive contracts and their amount against all contracts
-- (competitive award lines and non-competitive contracts) of the same scope and year. Scopes: `all`; `supplier`
-- (scope_id = the contract's supplier as /contracts publishes it: key-resolved, else the best published L6 link, as
-- its canonical record); `division` (scope_id = a division the contract names; a contract naming several counts in
-- each).
-- reason `*` counts every reason; a reason's own row exists where it has a contract. Contracts without a date belong
-- to no year and are left out; amounts sum the stated ones (a null amount counts in the count, not in the sum).
with contracts as (
    select
        c.id,
        c.kind,
        c.amount,
        year(c.date) as year,
        c.reason,
        c.supplier_organization_id as supplier_id,
        -- the City joins divisions with "," while a division's own name may hold ", " (Shelter, Support and Housing
        -- Administration): split on commas not followed by a space
        list_filter(list_transform(string_split(replace(coalesce(c.division, ''), ', ', chr(31)), ','),
            d -> trim(replace(d, chr(31), ', '))), d -> d <> '') as divisions
    from api_contracts as c
    where c.date is not null -- the year is the award date's
),

scoped as (
    select 'all' as scope, '' as scope_id, * from contracts
    union all
    select 'supplier', cast(supplier_id as varchar), * from contracts
    where supplier_id is not null -- no organisation known for the supplier: in no supplier's row
    union all
    select 'division', division, c.* from contracts as c, unnest(c.divisions) as d(division)
),

all_contracts as (
    select scope, scope_id, year, count(*) as all_contracts, sum(amount) as all_amount
    from scoped
    group by all
),

reasons as (
    select scope, scope_id, year, '*' as reason, count(*) filter (where kind = 'non_competitive') as contracts,
        coalesce(sum(amount) filter (where kind = 'non_competitive'), 0) as amount
    from scoped
    group by all
    union all
    select scope, scope_id, year, reason, count(*), coalesce(sum(amount), 0)
    from scoped
    where kind = 'non_competitive' -- a reason's own row counts its contracts
        and reason is not null -- no reason stated: counted under * only
    group by all
),

final as (
    select
        r.scope,
        nullif(r.scope_id, '') as scope_id,
        r.reason,
        cast(r.year as integer) as year,
        cast(r.contracts as integer) as contracts,
        round(r.amount, 2) as amount,
        cast(a.all_contracts as integer) as all_contracts,
        round(coalesce(a.all_amount, 0), 2) as all_amount,
        round(r.contracts / a.all_contracts, 4) as share_count,
        case when a.all_amount > 0 then round(r.amount / a.all_amount, 4) end as share_amount,
        (select export_date from int_export) as model_version,
        -- scope (all, supplier, division), scope id (organisation ids numerically), reason ("*" first), year
        case r.scope when 'all' then '0' when 'supplier' then '1' || lpad(r.scope_id, 12, '0') else '2' || r.scope_id end
            || chr(31) || case when r.reason = '*' then '0' else '1' || r.reason end || chr(31) || cast(r.year as varchar) as _sort,
        -- the scope_id filter: a supplier answers to any id of its family (L3 merges), a division to its name
        case when r.scope = 'all' then []
            else coalesce(list_transform(k.family_ids, i -> cast(i as varchar)), [r.scope_id]) end as f_scope_ids
    from reasons as r
    inner join all_contracts as a using (scope, scope_id, year)
    left join int_organization_canonical as k on r.scope = 'supplier' and k.organization_id = try_cast(r.scope_id as integer)
)

select * from final
