-- Sites named by registrations (street addresses found in the particulars), with the site's ward, for the entity
-- side (registration ward filter and registration detail).
select distinct
    m.record_id as registration_id,
    s.id as site_id,
    s.ward
from int_site_mentions as m
join int_sites as s using (address_key)
where m.source = 'registration'
