-- A group's totals are its members' own: the contracts /contracts?supplier= lists for its members and the
-- registrations /registrations?client= lists for them.
with members as (
    select cast(g.id as integer) as group_id, m.id as organization_id
    from api_groups_detail as g, unnest(json_transform(g.doc -> '$.member_organizations', '[{"id": "INTEGER"}]')) as u(m)
),

recount as (
    select
        m.group_id,
        (select count(*) from api_contracts as c
            where c.supplier_organization_id in (select organization_id from members as x where x.group_id = m.group_id)) as contracts,
        (select round(sum(c.amount), 2) from api_contracts as c
            where c.supplier_organization_id in (select organization_id from members as x where x.group_id = m.group_id)) as contract_amount,
        (select count(*) from api_registrations as r
            where r.client_organization_id in (select organization_id from members as x where x.group_id = m.group_id)) as registrations
    from (select distinct group_id from members) as m
)

select g.id, 'group totals differ from the contracts and registrations of its members' as problem
from api_groups as g
inner join recount as r on r.group_id = g.id
where g.contracts <> r.contracts
    or g.registrations <> r.registrations
    or g.contract_amount is distinct from r.contract_amount
