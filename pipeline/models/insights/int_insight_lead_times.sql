-- Lead times (analysis-definitions.md 4.9), one row per registration with a published L1 link: days from its initial
-- approval to the meeting date of its first linked agenda item on or after that approval. Linked items dated before
-- the approval are left out; a registration whose linked items all predate its approval has no lead time
-- (first_item_date null) and is counted as excluded. Registrations without an approval date have no lead time at all.
with l1_links as (
    select distinct from_id as registration_id, to_id as agenda_item_id
    from api_links
    where task = 'L1' -- registration → agenda item; api_links holds only published links
),

items as (
    select id as agenda_item_id, meeting_date
    from api_agenda_items
    where meeting_date is not null -- an undated item cannot start or end a lead time
),

registrations as (
    select id as registration_id, topic, initial_approval_date
    from api_registrations
    where initial_approval_date is not null -- a lead time counts from the approval
),

final as (
    select
        r.registration_id,
        r.topic,
        r.initial_approval_date,
        min(i.meeting_date) filter (where i.meeting_date >= r.initial_approval_date) as first_item_date,
        date_diff('day', r.initial_approval_date,
            min(i.meeting_date) filter (where i.meeting_date >= r.initial_approval_date))::integer as lead_days,
        count(*) filter (where i.meeting_date < r.initial_approval_date)::integer as items_before_approval
    from registrations as r
    inner join l1_links as l using (registration_id)
    inner join items as i using (agenda_item_id)
    group by r.registration_id, r.topic, r.initial_approval_date
)

select * from final
