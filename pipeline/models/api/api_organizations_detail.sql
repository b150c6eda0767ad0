-- GET /organizations/{id}: the canonical organisation with the registrations that name any record of its family
-- and its published L3 merges. The merged records' ids and slugs are further names of the document (`aliases`), so
-- /organizations/{merged id} answers with the canonical record.
with roles as (
    select distinct m.registration_id, k.canonical_id as organization_id,
        case
            when r.client_organization_id = k.canonical_id then 'client'
            when r.firm_organization_id = k.canonical_id then 'firm'
            else lower(coalesce(m.party_type, m.party_source))
        end as role
    from int_organization_mentions as m
    inner join int_organizations as o using (org_key)
    inner join int_organization_canonical as k on k.organization_id = o.id
    inner join int_registration_organizations as r on r.registration_id = m.registration_id
),

registrations as (
    select
        ro.organization_id,
        list(struct_pack(
            registration_id := r.id, role := ro.role, status := r.status, type := r.type,
            subjects := r.subjects, initial_approval_date := r.initial_approval_date, end_date := r.end_date
        ) order by r.sm_digits, ro.role) as registrations
    from roles as ro
    inner join int_registrations as r on r.id = ro.registration_id
    group by ro.organization_id
),

family_links as (
    -- the published L3 links touching any record of the family (both ends are in it: a link joins its two records)
    select distinct k.canonical_id as organization_id, l.id, l.link
    from int_organization_canonical as k
    inner join int_published_links as l on l.entity_type = 'organization' and l.entity_id = cast(k.organization_id as varchar)
    where l.link.task = 'L3' -- merges; other organisation links are on the records they name
),

merges as (
    select organization_id, list(link order by id) as links from family_links group by organization_id
),

merged_names as (
    -- the ids and slugs of the records merged into the canonical one
    select k.canonical_id as organization_id,
        list_filter(flatten(list([cast(m.id as varchar), m.slug] order by m.id)), n -> n is not null) as names
    from int_organization_canonical as k
    inner join int_organizations as m on m.id = k.organization_id
    where not k.is_canonical
    group by k.canonical_id
)

select
    cast(o.id as varchar) as id,
    o.slug,
    to_json(struct_pack(
        id := o.id, canonical_name := o.canonical_name, aliases := ao.aliases, type := o.type,
        group_id := ao.group_id, slug := o.slug,
        registrations := coalesce(g.registrations, []),
        merges := coalesce(mg.links, [])
    )) as doc,
    coalesce(mn.names, []) as aliases
from api_organizations as ao -- canonical records only; the list record's aliases include merged records' names
inner join int_organizations as o on o.id = ao.id
left join registrations as g on g.organization_id = o.id
left join merges as mg on mg.organization_id = o.id
left join merged_names as mn on mn.organization_id = o.id
