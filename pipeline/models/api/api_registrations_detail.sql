-- GET /registrations/{id}: the registration with its lobbyists, parties, communications and published links. Every
-- organisation id is the canonical record's (L3 merges), as /registrations names it; a party keeps its name as written.
with sites as (
    select rs.registration_id, list(c.card order by c.site_id) as sites
    from (select distinct registration_id, site_id from int_registration_sites) as rs
    inner join int_site_cards as c on c.site_id = rs.site_id
    group by rs.registration_id
),

lobbyists as (
    select l.registration_id,
        list_sort(list(distinct struct_pack(person_id := p.id, name := p.canonical_name, lobbyist_number := l.lobbyist_number,
            role := l.mention_role))) as lobbyists
    from int_lobbyist_mentions as l
    inner join int_people as p on p.natural_key = 'lobbyist:' || l.name_key
    group by l.registration_id
),

parties as (
    select m.registration_id,
        list(struct_pack(organization_id := k.canonical_id, name := m.name, trade_name := m.trade_name,
            source := m.party_source, type := m.party_type) order by m.party_source desc, m.ordinal) as parties
    from int_organization_mentions as m
    inner join int_organizations as o using (org_key)
    inner join int_organization_canonical as k on k.organization_id = o.id
    group by m.registration_id
),

communications as (
    select registration_id,
        list(struct_pack(id := id, registration_id := registration_id, lobbyist_person_id := lobbyist_person_id,
            office_holder_person_id := office_holder_person_id, office_holder_raw := office_holder_raw,
            office := office, office_holder_type := office_holder_type, member_person_id := member_person_id,
            method := method, method_raw := method_raw, date := date, first_seen_date := first_seen_date)
            order by date, id) as communications
    from int_communications
    group by registration_id
)

select
    r.id,
    cast(null as varchar) as slug,
    to_json(struct_pack(
        id := r.id, client_organization_id := ro.client_organization_id, lobbyist_person_id := r.lobbyist_person_id,
        firm_organization_id := ro.firm_organization_id, type := r.type, status := r.status, subjects := r.subjects,
        topic := t.topic, particulars := r.particulars, summary := sm.summary, ward := case when len(w.wards) = 1 then w.wards[1] end,
        initial_approval_date := r.initial_approval_date, start_date := r.start_date, end_date := r.end_date,
        lobbyists := coalesce(l.lobbyists, []),
        parties := coalesce(p.parties, []),
        communications := coalesce(c.communications, []),
        sites := coalesce(st.sites, []),
        links := coalesce(lk.links, [])
    )) as doc
from int_registrations as r
inner join int_registration_organizations as ro on ro.registration_id = r.id
left join lobbyists as l on l.registration_id = r.id
left join parties as p on p.registration_id = r.id
left join communications as c on c.registration_id = r.id
left join int_registration_wards as w on w.registration_id = r.id
left join int_registration_topics as t on t.registration_id = r.id
left join int_registration_summaries as sm on sm.registration_id = r.id
left join int_record_links as lk on lk.entity_type = 'registration' and lk.entity_id = r.id
left join sites as st on st.registration_id = r.id
