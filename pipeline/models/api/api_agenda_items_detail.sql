-- GET /agenda-items/{id}: the item with its motions, votes, published links and a lobbying summary.
with linked as (
    -- registrations with a published L1 link to the item, and their clients as canonical records (L3 merges)
    select i.id as agenda_item_id, coalesce(i.first_vote_date, i.meeting_date) as cut_date, l.from_id as registration_id,
        o.client_organization_id
    from int_agenda_items as i
    inner join int_links as l on l.task = 'L1' and l.published and l.to_id = i.id
    inner join int_registration_organizations as o on o.registration_id = l.from_id
),

lobbying as (
    -- every count but the linked ones is over the same communications: those of the linked registrations dated on
    -- or before the first vote (or the meeting); members' offices as in item-lobbying (the member or their staff)
    select
        k.agenda_item_id,
        count(distinct k.registration_id) as linked_registrations,
        count(distinct k.client_organization_id) as linked_organizations,
        count(distinct c.registration_id) as registrations,
        count(distinct k.client_organization_id) filter (where c.id is not null) as organizations,
        count(distinct c.id) as communications,
        count(distinct c.lobbyist_person_id) as lobbyists,
        count(distinct c.member_person_id)
            filter (where c.office_holder_type in ('member_of_council', 'councillor_staff')) as members_contacted
    from linked as k
    left join int_communications as c on c.registration_id = k.registration_id
        and c.date <= k.cut_date -- lobbying before the decision
    group by k.agenda_item_id
),

motions as (
    select agenda_item_id,
        list(struct_pack(motion_number := motion_number, committee := committee, vote_date := vote_date,
            vote_time := vote_time, motion_type := motion_type, description := vote_description, result := result,
            outcome := result_outcome, yes := yes, no := no, absent := absent)
            -- every field breaks ties: two motions of one number (another committee, another day) keep one order
            order by motion_number, vote_date, vote_time, committee, motion_type, vote_description, result) as motions
    from int_motions
    group by agenda_item_id
),

sites as (
    select ai.agenda_item_id, list(c.card order by c.site_id) as sites
    from (select distinct agenda_item_id, site_id from int_agenda_item_sites) as ai
    inner join int_site_cards as c on c.site_id = ai.site_id
    group by ai.agenda_item_id
),

votes as (
    select agenda_item_id,
        list(struct_pack(motion_number := motion_number, person_id := person_id, name := name, vote := vote)
            order by ordinal) as votes
    from (
        -- one order every night: a member's votes on two motions of one number (another day) tie on number and
        -- name, so the person and the vote break the tie; numbered first, the list sorts on one integer
        select *, row_number() over (partition by agenda_item_id order by motion_number, name, person_id, vote) as ordinal
        from int_votes
    )
    group by agenda_item_id
)

select
    i.id,
    cast(null as varchar) as slug,
    to_json(struct_pack(
        id := i.id, term := i.term, committee_code := i.committee_code, committee := i.committee,
        meeting_number := i.meeting_number, meeting_date := i.meeting_date, title := i.title, ward := w.ward,
        addresses := i.addresses, first_vote_date := i.first_vote_date, has_recorded_vote := i.has_recorded_vote,
        wards := coalesce(w.wards, []),
        item_status := i.item_status,
        council_meeting_date := i.council_meeting_date,
        planning_application_number := i.planning_application_number,
        sites := coalesce(st.sites, []),
        motions := coalesce(m.motions, []),
        votes := coalesce(v.votes, []),
        links := coalesce(lk.links, []),
        lobbying := struct_pack(
            basis := 'published L1 links; linked_registrations and linked_organizations count every linked registration '
                || 'and its client; the other counts are over the communications of those registrations dated on or '
                || 'before the first vote (or the meeting)',
            linked_registrations := coalesce(lb.linked_registrations, 0),
            linked_organizations := coalesce(lb.linked_organizations, 0),
            registrations := coalesce(lb.registrations, 0),
            organizations := coalesce(lb.organizations, 0),
            communications := coalesce(lb.communications, 0),
            lobbyists := coalesce(lb.lobbyists, 0),
            members_contacted := coalesce(lb.members_contacted, 0)
        )
    )) as doc
from int_agenda_items as i
left join int_agenda_item_wards as w on w.agenda_item_id = i.id
left join motions as m on m.agenda_item_id = i.id
left join votes as v on v.agenda_item_id = i.id
left join sites as st on st.agenda_item_id = i.id
left join int_record_links as lk on lk.entity_type = 'agenda_item' and lk.entity_id = i.id
left join lobbying as lb on lb.agenda_item_id = i.id
