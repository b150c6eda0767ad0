-- A contract's supplier is resolved by an equal key, else by its published L6 link: a contract with a published L6
-- link has a supplier, and every figure counted per supplier (non-competitive share, procurement timeline, groups)
-- counts exactly the contracts /contracts?supplier= lists.
with l6 as (
    select distinct from_id as contract_id from int_links where task = 'L6' and published
),

per_supplier as (
    select supplier_organization_id as organization_id, count(*) as contracts, coalesce(sum(amount), 0) as amount
    from api_contracts
    where supplier_organization_id is not null and date is not null -- the insights place a contract by its date
    group by all
),

share as (
    select cast(scope_id as integer) as organization_id, sum(all_contracts) as contracts, sum(all_amount) as amount
    from api_insight_noncompetitive_share
    where scope = 'supplier' and reason = '*' -- every contract of the supplier, once per year
    group by all
),

timeline as (
    select organization_id, count(*) as contracts, coalesce(sum(amount), 0) as amount
    from api_insight_procurement_timeline
    where event = 'contract_awarded'
    group by all
)

select c.id, 'published L6 link but no supplier' as problem
from api_contracts as c
inner join l6 on l6.contract_id = c.id
where c.supplier_organization_id is null
union all
select cast(coalesce(p.organization_id, s.organization_id) as varchar), 'non-competitive share counts other contracts than /contracts?supplier='
from per_supplier as p
full outer join share as s using (organization_id)
where p.contracts is distinct from s.contracts or abs(coalesce(p.amount, 0) - coalesce(s.amount, 0)) > 0.005
union all
select cast(coalesce(p.organization_id, t.organization_id) as varchar), 'procurement timeline counts other contracts than /contracts?supplier='
from per_supplier as p
full outer join timeline as t using (organization_id)
where p.contracts is distinct from t.contracts or abs(coalesce(p.amount, 0) - coalesce(t.amount, 0)) > 0.005
