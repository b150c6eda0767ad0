-- The wards of each agenda item (docs/pipeline.md, "Agenda item wards"): the TMMIS wards that exist in the ward model
-- in force on its meeting date (44 wards before 2018-12-01, 25 from then on) and, in the 25-ward era, the wards of the
-- sites it names, which win when they all lie in one ward. Every TMMIS ward left out is listed with its reason in
-- `dropped` (qa_invalid_values counts them as values nulled).
with items as (
    select id, meeting_date, source_ward_ids from int_agenda_items
),

site_wards as (
    -- sites are geocoded in the 25-ward model, the same ward /sites publishes
    select ais.agenda_item_id as id, list(distinct s.ward order by s.ward) as wards
    from int_agenda_item_sites as ais
    inner join int_sites as s on s.id = ais.site_id
    inner join items as i on i.id = ais.agenda_item_id
    where s.ward is not null -- a site without a ward says nothing about the item's
        and ward_model(i.meeting_date) = 25 -- a 25-ward number says nothing about an item of the 44-ward era
    group by ais.agenda_item_id
),

judged as (
    select
        i.id,
        u.ward,
        case
            when ward_model(i.meeting_date) is null then
                'wardId "' || u.ward || '" cannot be placed in a ward model: the item has no meeting date'
            when not ward_in_model(u.ward, i.meeting_date) then
                'wardId "' || u.ward || '" is not a ward of the ' || ward_model(i.meeting_date)
                || '-ward model in force on the meeting date'
            when len(sw.wards) = 1 and u.ward <> sw.wards[1] then
                'wardId "' || u.ward || '" is not the ward of the sites the item names ("' || sw.wards[1] || '")'
        end as problem
    from items as i
    cross join unnest(i.source_ward_ids) as u(ward)
    left join site_wards as sw on sw.id = i.id
    where u.ward is not null -- an empty slot of the list is no ward at all
),

kept as (
    select
        id,
        list(distinct ward) filter (where problem is null) as wards,
        list(struct_pack(ward := ward, reason := problem) order by ward) filter (where problem is not null) as dropped
    from judged
    group by id
),

final as (
    select
        i.id as agenda_item_id,
        -- sites in one ward give the item that ward; sites in several add theirs to the TMMIS wards
        list_sort(list_distinct(case when len(sw.wards) = 1 then sw.wards
            else list_concat(coalesce(sw.wards, []), coalesce(k.wards, [])) end)) as wards,
        coalesce(k.dropped, []) as dropped
    from items as i
    left join site_wards as sw on sw.id = i.id
    left join kept as k on k.id = i.id
)

select
    agenda_item_id,
    -- the one ward the item concerns, when there is exactly one
    case when len(wards) = 1 then wards[1] end as ward,
    wards,
    dropped
from final
