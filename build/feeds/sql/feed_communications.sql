-- Communications as feed entries, for the feeds that follow a member's office and an organisation: those with a
-- member's office (member_office=1, analysis-definitions.md: the member and the member's staff resolved to a member
-- in office) and those of a registration with a client or a firm. Dated by the first snapshot of the registry
-- history that listed them (first_seen_date); names from the published tables only.
with communications as (
    select * from api_communications
),

registrations as (
    select id, client_organization_id, firm_organization_id, topic from api_registrations
),

final as (
    select
        c.id,
        c.registration_id,
        strftime(c.first_seen_date, '%Y-%m-%d') as shown_date,
        strftime(c.date, '%Y-%m-%d') as date,
        c.method,
        c.office_holder_type,
        c.office_holder_raw,
        c.office,
        c.member_person_id,
        member.canonical_name as member_name,
        c.f_member_office as member_office,
        c.lobbyist_person_id,
        lobbyist.canonical_name as lobbyist_name,
        r.client_organization_id,
        client.canonical_name as client_name,
        r.firm_organization_id,
        r.topic,
        t.label as topic_label
    from communications as c
    inner join registrations as r on r.id = c.registration_id
    left join api_people as member on member.id = c.member_person_id
    left join api_people as lobbyist on lobbyist.id = c.lobbyist_person_id
    left join api_organizations as client on client.id = r.client_organization_id
    left join api_topics as t on t.id = r.topic
    -- only what some feed follows: a member's office, or a registration with an organisation
    where c.f_member_office = 1
        or r.client_organization_id is not null
        or r.firm_organization_id is not null
)

select * from final
