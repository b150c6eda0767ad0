-- Every lobbyist named in the registry: registrants and lobbyists named on communications.
with registrants as (
    select registration_id, lobbyist_number, first_name, last_name, 'registrant' as mention_role,
        person_key(first_name, last_name) as name_key
    from stg_registry__registrants
),

participants as (
    select registration_id, lobbyist_number, lobbyist_first_name as first_name, lobbyist_last_name as last_name,
        'participant' as mention_role, person_key(lobbyist_first_name, lobbyist_last_name) as name_key
    from stg_registry__communications
    where lobbyist_last_name is not null -- a communication row naming a participating lobbyist or senior officer
)

select *
from (select * from registrants union all select * from participants)
where name_key is not null
