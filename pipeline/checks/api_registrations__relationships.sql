-- Client and firm organisations and the registrant exist in their endpoints.
select r.id, 'client' as missing from api_registrations as r
    anti join api_organizations as o on o.id = r.client_organization_id where r.client_organization_id is not null
union all
select r.id, 'firm' from api_registrations as r
    anti join api_organizations as o on o.id = r.firm_organization_id where r.firm_organization_id is not null
union all
select r.id, 'lobbyist' from api_registrations as r
    anti join api_people as p on p.id = r.lobbyist_person_id where r.lobbyist_person_id is not null
