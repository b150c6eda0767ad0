-- GET /organizations rows: the contract's fields in order, keyed by id.
select
    o.id,
    o.canonical_name,
    o.aliases,
    o.type,
    g.group_id, -- corporate groups are built after organisations (procurement domain)
    o.slug,
    lpad(cast(o.id as varchar), 12, '0') as _sort
from int_organizations as o
left join int_group_members as g on g.organization_id = o.id
