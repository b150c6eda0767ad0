-- GET /organizations/{id}: the organisation with the registrations that name it and its published L3 merges.
with roles as (
    select distinct m.registration_id, o.id as organization_id,
        case
            when r.client_organization_id = o.id then 'client'
            when r.firm_organization_id = o.id then 'firm'
            else lower(coalesce(m.party_type, m.party_source))
        end as role
    from int_organization_mentions as m
    inner join int_organizations as o using (org_key)
    inner join int_registrations as r on r.id = m.registration_id
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
)

select
    cast(o.id as varchar) as id,
    o.slug,
    to_json(struct_pack(
        id := o.id, canonical_name := o.canonical_name, aliases := ao.aliases, type := o.type,
        group_id := gm.group_id, slug := o.slug,
        registrations := coalesce(g.registrations, []),
        merges := coalesce(list_filter(mg.links, l -> l.task = 'L3'), []) -- published L3 links at either end
    )) as doc
from int_organizations as o
left join registrations as g on g.organization_id = o.id
left join int_group_members as gm on gm.organization_id = o.id
left join int_record_links as mg on mg.entity_type = 'organization' and mg.entity_id = cast(o.id as varchar)
inner join api_organizations as ao on ao.id = o.id -- the list record's aliases include merged records' names
