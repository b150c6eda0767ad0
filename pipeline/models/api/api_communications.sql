-- GET /communications rows, ordered by date then id, with the wards of the registration's sites, its topic and
-- whether a member's office was contacted as filter columns.
select
    c.id,
    c.registration_id,
    c.lobbyist_person_id,
    c.office_holder_person_id,
    c.office_holder_raw,
    c.office,
    c.office_holder_type,
    c.member_person_id,
    c.method,
    c.method_raw,
    c.date,
    c.first_seen_date,
    strftime(c.date, '%Y-%m-%d') || ' ' || c.id as _sort,
    coalesce(w.wards, []) as f_wards,
    t.topic as f_topic,
    -- member_office=1: a member's office, the member and the member's staff resolved to a member in office on the
    -- date (analysis-definitions.md), the same communications int_office_communications counts
    cast(c.member_person_id is not null and c.office_holder_type in ('member_of_council', 'councillor_staff') as integer)
        as f_member_office
from int_communications as c
inner join int_registrations as r on r.id = c.registration_id
left join int_registration_wards as w on w.registration_id = c.registration_id
left join int_registration_topics as t on t.registration_id = c.registration_id
