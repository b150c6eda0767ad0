-- One row per corporate group: name, strongest and all connection bases, members, and the lobbying and contract
-- activity of its member organisations (registrations as client, their communications, contracts as supplier), each
-- organisation as its canonical record and each contract for its resolved supplier, as /registrations and
-- /contracts publish them, so a group's totals are its members' own.
with members as (
    select m.group_id, o.id as organization_id, o.canonical_name, o.slug
    from int_group_members as m
    inner join int_organizations as o on o.id = m.organization_id
),

edges as (
    select m.group_id, e.*
    from int_group_edges as e
    inner join int_organization_canonical as a on a.organization_id = e.from_organization_id
    inner join int_organization_canonical as b on b.organization_id = e.to_organization_id
    inner join int_group_members as m on m.organization_id = a.canonical_id
    where a.canonical_id <> b.canonical_id -- an edge inside one legal entity is no basis of a group
),

client_registrations as (
    select m.group_id, m.organization_id, r.registration_id
    from members as m
    inner join int_registration_organizations as r on r.client_organization_id = m.organization_id
),

communications as (
    select c.group_id, count(*) as communications
    from client_registrations as c
    inner join int_communications as k using (registration_id)
    group by c.group_id
),

contracts as (
    select m.group_id, m.organization_id, k.amount
    from members as m
    inner join int_contract_suppliers as s on s.supplier_organization_id = m.organization_id
    inner join int_contracts as k on k.id = s.contract_id
),

member_size as (
    -- the largest member: most registrations as client, then most contracts, then the oldest id
    select m.group_id, m.organization_id, m.canonical_name,
        (select count(*) from client_registrations as r where r.organization_id = m.organization_id) as registrations,
        (select count(*) from contracts as k where k.organization_id = m.organization_id) as contracts
    from members as m
),

bases as (
    select group_id,
        list(distinct basis order by basis) as basis_set,
        min(case when basis = 'manual' then record.group_name end) as manual_name
    from edges
    group by group_id
),

final as (
    select
        g.group_id as id,
        coalesce(b.manual_name, (select arg_min(s.canonical_name, (-s.registrations, -s.contracts, s.organization_id))
            from member_size as s where s.group_id = g.group_id)) as name,
        -- strongest basis first: a reviewer's list, then ownership, then a shared owner, then a shared address
        list_filter(['manual', 'parent_subsidiary', 'shared_beneficiary', 'shared_address'], x -> list_contains(b.basis_set, x)) as bases,
        count(*) as members,
        list(struct_pack(id := g.organization_id, canonical_name := g.canonical_name, slug := g.slug) order by g.organization_id) as member_organizations,
        (select count(distinct registration_id) from client_registrations as r where r.group_id = g.group_id) as registrations,
        coalesce(max(c.communications), 0) as communications,
        (select count(*) from contracts as k where k.group_id = g.group_id) as contracts,
        (select round(sum(k.amount), 2) from contracts as k where k.group_id = g.group_id) as contract_amount
    from members as g
    left join bases as b using (group_id)
    left join communications as c using (group_id)
    group by g.group_id, b.manual_name, b.basis_set
)

select id, name, bases[1] as basis, bases, members, member_organizations, registrations, communications, contracts, contract_amount
from final
