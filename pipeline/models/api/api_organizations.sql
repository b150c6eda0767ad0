-- GET /organizations rows: the contract's fields in order, keyed by id. An organisation that published L3 links
-- merge into (the `from` end is the canonical record) lists the merged records' names among its aliases; both
-- records stay, with stable ids, and their documents list the merge.
with merged_names as (
    select
        cast(l.from_id as integer) as organization_id,
        list(distinct m.canonical_name) as names,
        flatten(list(m.aliases)) as aliases
    from int_links as l
    inner join int_organizations as m on m.id = cast(l.to_id as integer)
    where l.task = 'L3' and l.published -- merges below the L3 threshold are not applied
    group by l.from_id
)

select
    o.id,
    o.canonical_name,
    list_sort(list_distinct(list_filter(
        list_concat(o.aliases, coalesce(mn.names, []), coalesce(mn.aliases, [])), a -> a <> o.canonical_name))) as aliases,
    o.type,
    g.group_id, -- corporate groups are built after organisations (procurement domain)
    o.slug,
    lpad(cast(o.id as varchar), 12, '0') as _sort
from int_organizations as o
left join int_group_members as g on g.organization_id = o.id
left join merged_names as mn on mn.organization_id = o.id
