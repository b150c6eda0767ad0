-- Registrations as feed entries: the published record, the names its ids name (from the published tables only, so a
-- feed publishes nothing the API does not) and the date the registry first showed it. The snapshot history records
-- communications, not registrations (docs/pipeline.md): a registration is dated by the first snapshot that listed
-- any of its communications, or by its approval (the registrar publishes a registration when approving it) when
-- that is earlier or it has none, never before the history's first snapshot (nothing is known to be new before it).
-- Each part of the date can only move earlier night after night, so an entry's date does not move once published.
with communications as (
    select registration_id, first_seen_date from api_communications
),

history as (
    -- the first archived snapshot: every communication listed in it carries its date
    select min(first_seen_date) as first_snapshot from communications
),

first_listed as (
    select registration_id, min(first_seen_date) as first_seen from communications group by registration_id
),

dated as (
    select
        r.*,
        least(
            f.first_seen,
            greatest(coalesce(r.initial_approval_date, r.start_date), h.first_snapshot)
        ) as shown
    from api_registrations as r
    cross join history as h
    left join first_listed as f on f.registration_id = r.id
),

final as (
    select
        d.id,
        strftime(d.shown, '%Y-%m-%d') as shown_date,
        cast(regexp_extract(d.id, '\d+') as integer) as sm_digits,
        d.client_organization_id,
        client.canonical_name as client_name,
        d.firm_organization_id,
        firm.canonical_name as firm_name,
        d.lobbyist_person_id,
        lobbyist.canonical_name as lobbyist_name,
        d.type,
        d.status,
        d.subjects,
        d.topic,
        t.label as topic_label,
        d.summary,
        d.ward,
        d.f_wards as wards,
        strftime(d.initial_approval_date, '%Y-%m-%d') as initial_approval_date
    from dated as d
    left join api_organizations as client on client.id = d.client_organization_id
    left join api_organizations as firm on firm.id = d.firm_organization_id
    left join api_people as lobbyist on lobbyist.id = d.lobbyist_person_id
    left join api_topics as t on t.id = d.topic
    -- a registration with neither a sighting nor a date cannot be placed in time, so it is in no feed
    where d.shown is not null
)

select * from final
