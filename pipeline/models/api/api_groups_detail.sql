-- GET /groups/{id}: the group with its member organisations and the records that connect them. A connection names
-- a registration, a contribution file and row, or the manual list: never an address. Organisations are named by
-- their canonical records, as the members are.
with canonical_edges as (
    select distinct least(a.canonical_id, b.canonical_id) as from_organization_id,
        greatest(a.canonical_id, b.canonical_id) as to_organization_id, e.basis, e.record
    from int_group_edges as e
    inner join int_organization_canonical as a on a.organization_id = e.from_organization_id
    inner join int_organization_canonical as b on b.organization_id = e.to_organization_id
    where a.canonical_id <> b.canonical_id -- an edge inside one legal entity connects no members
),

connections as (
    select m.group_id,
        list(struct_pack(
            from_organization_id := e.from_organization_id, to_organization_id := e.to_organization_id,
            basis := e.basis, record := e.record
        ) order by e.from_organization_id, e.to_organization_id, e.basis, e.record.type, e.record.registration_id,
            e.record.contribution_file, e.record.contribution_row, e.record.group_name) as connections
    from canonical_edges as e
    inner join int_group_members as m on m.organization_id = e.from_organization_id
    group by m.group_id
)

select
    cast(g.id as varchar) as id,
    cast(null as varchar) as slug,
    to_json(struct_pack(
        id := cast(g.id as integer), name := g.name, basis := g.basis, bases := g.bases,
        members := cast(g.members as integer), registrations := cast(g.registrations as integer),
        communications := cast(g.communications as integer), contracts := cast(g.contracts as integer),
        contract_amount := g.contract_amount,
        member_organizations := g.member_organizations,
        connections := coalesce(c.connections, [])
    )) as doc
from int_groups as g
left join connections as c on c.group_id = g.id
