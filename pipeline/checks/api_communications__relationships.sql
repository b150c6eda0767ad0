-- Every id a communication refers to exists in its own endpoint.
select c.id, 'registration' as missing from api_communications as c anti join api_registrations as r on r.id = c.registration_id
union all
select c.id, 'member person' from api_communications as c
    anti join api_people as p on p.id = c.member_person_id where c.member_person_id is not null
union all
select c.id, 'office holder person' from api_communications as c
    anti join api_people as p on p.id = c.office_holder_person_id where c.office_holder_person_id is not null
union all
select c.id, 'lobbyist person' from api_communications as c
    anti join api_people as p on p.id = c.lobbyist_person_id where c.lobbyist_person_id is not null
