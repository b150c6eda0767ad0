-- GET /sites/{id}: the site with the registrations, applications and agenda items that name it; the address key
-- is a further name of the document (aliases).
with registrations as (
    select rs.site_id,
        list(struct_pack(id := r.id, client := o.canonical_name, status := r.status, start_date := r.start_date)
            order by r.sm_digits, r.id) as registrations
    from int_registration_sites as rs
    join int_registrations as r on r.id = rs.registration_id
    join int_registration_organizations as ro on ro.registration_id = r.id
    left join int_organizations as o on o.id = ro.client_organization_id -- the canonical record's name (L3 merges)
    group by rs.site_id
),

applications as (
    select u.site_id,
        list(struct_pack(id := a.id, kind := a.kind, type := a.type, status := a.status, outcome := a.outcome,
            submitted := a.submitted) order by a.sort_key) as applications
    from int_applications as a, unnest(a.site_ids) as u(site_id)
    group by u.site_id
),

agenda_items as (
    select ais.site_id,
        list(struct_pack(id := i.id, title := i.title, meeting_date := i.meeting_date) order by i.sort_key) as agenda_items
    from int_agenda_item_sites as ais
    join int_agenda_items as i on i.id = ais.agenda_item_id
    group by ais.site_id
)

select
    cast(s.id as varchar) as id,
    s.slug,
    to_json(struct_pack(
        id := s.id, address := s.address, address_key := s.address_key, slug := s.slug, ward := s.ward,
        latitude := s.latitude, longitude := s.longitude, geocode_method := s.geocode_method,
        matched_key := s.matched_key, number_gap := s.number_gap, ward_ambiguous := s.ward_ambiguous,
        registrations := coalesce(r.registrations, []),
        applications := coalesce(a.applications, []),
        agenda_items := coalesce(i.agenda_items, [])
    )) as doc,
    [s.address_key] as aliases
from int_sites as s
left join registrations as r on r.site_id = s.id
left join applications as a on a.site_id = s.id
left join agenda_items as i on i.site_id = s.id
