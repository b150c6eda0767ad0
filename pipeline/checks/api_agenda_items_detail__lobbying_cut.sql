-- An agenda item's lobbying summary counts within one cut: registrations, organisations, lobbyists and members
-- contacted come from the communications counted, so none is non-zero without a communication, and the counts
-- within the cut never exceed the linked ones.
with summaries as (
    select id, json_transform(doc -> '$.lobbying', '{"linked_registrations": "INTEGER", "linked_organizations": "INTEGER",
        "registrations": "INTEGER", "organizations": "INTEGER", "communications": "INTEGER", "lobbyists": "INTEGER",
        "members_contacted": "INTEGER"}') as s
    from api_agenda_items_detail
)

select id, 'lobbying summary counts outside its own communications' as problem
from summaries
where (s.communications = 0 and (s.registrations + s.organizations + s.lobbyists + s.members_contacted) > 0)
    or s.registrations > s.linked_registrations
    or s.organizations > s.linked_organizations
