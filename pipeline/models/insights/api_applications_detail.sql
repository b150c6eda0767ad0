-- GET /applications/{id}: the application with its sites (in source order), its published L2 links and the 4.6
-- comparison row of its kind and type (level `type`, the city-wide row of /insights/application-comparison; null when
-- no application of that kind and type is lobbied). Built in the insights layer, after the comparison it carries.
with sites as (
    select a.id as application_id, a.kind,
        list(struct_pack(id := s.id, address := s.address, address_key := s.address_key, slug := s.slug,
            ward := s.ward, latitude := s.latitude, longitude := s.longitude, geocode_method := s.geocode_method,
            matched_key := s.matched_key, number_gap := s.number_gap, ward_ambiguous := s.ward_ambiguous)
            order by u.position) as sites
    from int_applications as a, unnest(a.site_ids) with ordinality as u(site_id, position)
    join int_sites as s on s.id = u.site_id
    group by a.id, a.kind
),

comparisons as (
    -- the published row as a struct of its columns, in order (the sort column left out)
    select r.kind, r.type, r as comparison
    from (select * exclude (_sort) from api_insight_application_comparison) as r
    where level = 'type' -- the detail carries the city-wide row of its kind and type
)

select
    a.id,
    a.slug,
    to_json(struct_pack(
        id := a.id, kind := a.kind, type := a.type, slug := a.slug, site_id := a.site_id, address := a.address,
        ward := a.ward, submitted := a.submitted, status := a.status, decision := a.decision,
        decision_date := a.decision_date, hearing_date := a.hearing_date, outcome := a.outcome,
        appealed := a.appealed, objections := a.objections, units := a.units, gfa := a.gfa,
        size_band := a.size_band, description := a.description, parent_id := a.parent_id, url := a.url,
        sites := coalesce(s.sites, []),
        links := coalesce(lk.links, []),
        comparison := c.comparison
    )) as doc
from int_applications as a
left join sites as s on s.application_id = a.id and s.kind = a.kind
left join int_record_links as lk on lk.entity_type = 'application' and lk.entity_id = a.id
left join comparisons as c on c.kind = a.kind and c.type = a.type
