-- Every published agenda item's wards exist in the ward model in force on its meeting date (44 wards before
-- 2018-12-01, 25 from then on), its `ward` is one of them, and an item of the 25-ward era whose sites (as /sites
-- publishes them) all lie in one ward carries that ward and no other.
with item_wards as (
    select id, meeting_date, unnest(f_wards) as ward from api_agenda_items
),

site_wards as (
    select ais.agenda_item_id as id, list(distinct s.ward order by s.ward) as wards
    from int_agenda_item_sites as ais
    inner join api_sites as s on s.id = ais.site_id
    where s.ward is not null -- a site without a ward says nothing about the item's
    group by ais.agenda_item_id
)

select id, cast(ward as varchar) as value, 'ward outside the ward model of the meeting date' as problem
from item_wards
where not ward_in_model(ward, meeting_date)
union all
select id, cast(ward as varchar), 'ward is not one of the item''s wards'
from api_agenda_items
where ward is not null and not list_contains(f_wards, ward)
union all
select i.id, cast(i.f_wards as varchar), 'the item''s sites all lie in ward ' || sw.wards[1] || ', the item carries other wards'
from api_agenda_items as i
inner join site_wards as sw on sw.id = i.id
where ward_model(i.meeting_date) = 25 -- sites are geocoded in the 25-ward model
    and len(sw.wards) = 1
    and (i.f_wards <> sw.wards or i.ward is distinct from sw.wards[1])
