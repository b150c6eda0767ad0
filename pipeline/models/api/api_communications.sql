-- GET /communications rows, ordered by date then id, with the registration's ward and topic as filter columns.
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
    r.ward as f_ward,
    r.topic as f_topic
from int_communications_resolved as c
inner join int_registrations as r on r.id = c.registration_id
