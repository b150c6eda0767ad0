-- Sites named by agenda items (TMMIS addresses), for the entity side.
select distinct
    m.record_id as agenda_item_id,
    s.id as site_id
from int_site_mentions as m
join int_sites as s using (address_key)
where m.source = 'agenda_item'
