-- GET /insights/item-lobbying (analysis-definitions.md 4.1): one row per agenda item with a first vote date and per
-- window w (30, 90, 180 days): the communications on registrations with a published L1 link to the item dated within
-- [first_vote_date - w, first_vote_date], both ends included. Organisations are the registrations' clients; a
-- member's office is the member or their staff; a contacted member "voted" when they cast Yes or No on any recorded
-- motion of the item. Ordered by item id in natural order, then window.
with items as (
    select id, first_vote_date, ward, committee_code, title, _sort, f_wards
    from api_agenda_items
    where first_vote_date is not null -- only items with a recorded vote have a first vote date
),

windows as (
    select unnest([30, 90, 180]) as window
),

linked as (
    select distinct from_id as registration_id, to_id as agenda_item_id
    from api_links
    where task = 'L1' -- api_links holds published links only: registration → agenda item
),

communications as (
    select c.id, c.registration_id, c.lobbyist_person_id, c.date, r.client_organization_id,
        -- the member whose office the communication reached (the member or their staff), else null
        case when c.office_holder_type in ('member_of_council', 'councillor_staff') then c.member_person_id end as office
    from api_communications as c
    inner join api_registrations as r on r.id = c.registration_id
),

voters as (
    select distinct agenda_item_id, person_id
    from int_votes
    where vote in ('Yes', 'No') -- an absence is not a vote cast
        and person_id is not null
),

in_window as (
    select i.id as agenda_item_id, w.window, c.*
    from items as i
    inner join linked as l on l.agenda_item_id = i.id
    inner join communications as c on c.registration_id = l.registration_id
        and c.date between i.first_vote_date - 180 and i.first_vote_date -- the widest window
    inner join windows as w on c.date >= i.first_vote_date - w.window -- each window the communication falls in
),

counts as (
    select
        w.agenda_item_id,
        w.window,
        count(distinct w.registration_id) as registrations,
        count(distinct w.client_organization_id) as organizations,
        count(distinct w.lobbyist_person_id) as lobbyists,
        count(distinct w.id) as communications,
        count(distinct w.id) filter (where w.office is not null) as member_communications,
        count(distinct w.office) as members_contacted,
        count(distinct v.person_id) as members_contacted_who_voted
    from in_window as w
    left join voters as v on v.agenda_item_id = w.agenda_item_id and v.person_id = w.office
    group by all
),

final as (
    select
        i.id as agenda_item_id,
        cast(w.window as integer) as window,
        i.first_vote_date,
        i.ward,
        i.committee_code,
        i.title,
        cast(coalesce(c.registrations, 0) as integer) as registrations,
        cast(coalesce(c.organizations, 0) as integer) as organizations,
        cast(coalesce(c.lobbyists, 0) as integer) as lobbyists,
        cast(coalesce(c.communications, 0) as integer) as communications,
        cast(coalesce(c.member_communications, 0) as integer) as member_communications,
        cast(coalesce(c.members_contacted, 0) as integer) as members_contacted,
        cast(coalesce(c.members_contacted_who_voted, 0) as integer) as members_contacted_who_voted,
        (select export_date from int_export) as model_version,
        i._sort || ' ' || lpad(cast(w.window as varchar), 3, '0') as _sort,
        i.f_wards
    from items as i
    cross join windows as w -- every item has a row for each of the three windows, lobbied or not
    left join counts as c on c.agenda_item_id = i.id and c.window = w.window
)

select * from final
