-- GET /organizations rows: the contract's fields in order, keyed by id. Only canonical records are listed: a record
-- merged by published L3 links (int_organization_canonical) is the same legal entity as its canonical record, whose
-- aliases list the merged records' names and spellings. Merged ids still answer at /organizations/{id}, with the
-- canonical record (api_organizations_detail), and the published L3 links stay as the evidence.
with family_names as (
    select
        k.canonical_id as organization_id,
        list(m.canonical_name) as names,
        flatten(list(m.aliases)) as aliases
    from int_organization_canonical as k
    inner join int_organizations as m on m.id = k.organization_id
    where not k.is_canonical -- the merged records of the family
    group by k.canonical_id
)

select
    o.id,
    o.canonical_name,
    list_sort(list_distinct(list_filter(
        list_concat(o.aliases, coalesce(f.names, []), coalesce(f.aliases, [])), a -> a <> o.canonical_name))) as aliases,
    o.type,
    g.group_id, -- corporate groups are built over canonical records (int_group_members)
    o.slug,
    lpad(cast(o.id as varchar), 12, '0') as _sort
from int_organizations as o
inner join int_organization_canonical as k on k.organization_id = o.id
left join int_group_members as g on g.organization_id = o.id
left join family_names as f on f.organization_id = o.id
where k.is_canonical -- a merged record answers as its canonical record
