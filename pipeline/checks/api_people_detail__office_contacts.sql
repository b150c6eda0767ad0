-- A member office's contacts are one set of figures: each term of /people/{id} office statistics equals that term's
-- row of /insights/office-contacts, and the six method counts add up to the communications.
with detail_terms as (
    select cast(p.id as integer) as person_id, t.*
    from api_people_detail as p,
        unnest(json_transform(p.doc -> '$.office_contacts.by_term', '[{"term": "VARCHAR", "communications": "INTEGER",
            "registrations": "INTEGER", "organizations": "INTEGER", "lobbyists": "INTEGER", "to_staff": "INTEGER",
            "by_method": {"meeting": "INTEGER", "call": "INTEGER", "email": "INTEGER", "written": "INTEGER",
            "other": "INTEGER", "not_stated": "INTEGER"}}]')) as u(t)
    where (p.doc -> '$.office_contacts') is not null -- members only
),

insight_terms as (
    select * from api_insight_office_contacts where quarter = 'term'
)

select cast(coalesce(d.person_id, i.person_id) as varchar) as person_id, coalesce(d.term, i.term) as term,
    'person detail and office-contacts disagree' as problem
from detail_terms as d
full outer join insight_terms as i using (person_id, term)
where d.communications is distinct from i.communications
    or d.registrations is distinct from i.registrations
    or d.organizations is distinct from i.organizations
    or d.lobbyists is distinct from i.lobbyists
    or d.by_method.meeting is distinct from i.meeting
    or d.by_method.call is distinct from i.call
    or d.by_method.email is distinct from i.email
    or d.by_method.written is distinct from i.written
    or d.by_method.other is distinct from i.other
    or d.by_method.not_stated is distinct from i.not_stated
union all
select cast(person_id as varchar), term, 'method counts do not add up to communications'
from insight_terms
where meeting + call + email + written + other + not_stated <> communications
