-- Each recorded Yes/No vote of a member with the bloc position and whether the item was lobbied for that member
-- (analysis-definitions.md 4.2): the bloc is the majority of the other members' Yes/No votes on the same motion (a
-- tie, or no other vote, has no bloc and the vote is left out); the item is lobbied for member m when it has a
-- published L1 link and a communication on a linked registration reached m's office (m or m's staff) in the 180
-- days before the vote, the vote day included. A motion without a vote date (2006-2010) is dated by the item's first
-- vote date; the term is the council term containing the vote date.
with votes as (
    select agenda_item_id, motion_number, person_id, vote
    from int_votes
    where vote in ('Yes', 'No') -- recorded positions only; an absence is no position
),

tallies as (
    select agenda_item_id, motion_number,
        count(*) filter (where vote = 'Yes') as yes,
        count(*) filter (where vote = 'No') as no
    from votes
    group by all
),

motions as (
    select m.agenda_item_id, m.motion_number, coalesce(m.vote_date, i.first_vote_date) as vote_date
    from int_motions as m
    inner join int_agenda_items as i on i.id = m.agenda_item_id
),

positioned as (
    select
        v.agenda_item_id,
        v.motion_number,
        v.person_id,
        v.vote,
        m.vote_date,
        -- the other members' votes: the motion's tally without this member's own vote
        t.yes - (v.vote = 'Yes')::int as others_yes,
        t.no - (v.vote = 'No')::int as others_no
    from votes as v
    inner join tallies as t using (agenda_item_id, motion_number)
    inner join motions as m using (agenda_item_id, motion_number)
    where v.person_id is not null -- an unresolved voter counts in the others' tally but has no row of their own
        and m.vote_date is not null -- cannot be placed in a term or a lobbying window
),

blocs as (
    select
        *,
        case when others_yes > others_no then 'Yes' when others_no > others_yes then 'No' end as bloc
    from positioned
),

contacts as (
    -- the days a linked registration's communication reached each member's office about each linked item
    select distinct l.to_id as agenda_item_id, c.member_person_id as person_id, c.date
    from api_links as l
    inner join int_office_communications as c on c.registration_id = l.from_id
    where l.task = 'L1' -- published registration → agenda item links (api_links holds published links only)
),

final as (
    select
        b.agenda_item_id,
        b.motion_number,
        b.person_id,
        t.term,
        b.vote_date,
        b.vote,
        b.bloc,
        b.vote <> b.bloc as deviated,
        exists (
            select 1 from contacts as c
            where c.agenda_item_id = b.agenda_item_id and c.person_id = b.person_id
                and c.date between b.vote_date - 180 and b.vote_date -- the 180 days before the vote
        ) as lobbied
    from blocs as b
    inner join int_terms as t on b.vote_date between t.start_date and t.end_date
    where b.bloc is not null -- ties (and lone votes) have no bloc and are skipped
)

select * from final
