-- The votes of the alignment insight (analysis-definitions.md, Contributions): one row per member × agenda item ×
-- organisation position, for items with a published (reviewer-confirmed) organisation position (`position` links,
-- evidence.stance support or oppose). The vote is the member's last Yes/No vote on a motion to adopt the item (Adopt
-- Item, Adopt Item as Amended: the decision the position is about; amendments and referrals are not), in the term
-- containing its date (a motion without a date takes the item's first vote date). aligned = Yes on support or No on
-- oppose. funded = the organisation's linked contributors (published tier 1 or 2 L7 links) gave to the member's
-- campaign in the election before the term; funded_prior = in the election before the previous term. Terms whose
-- election(s) the contribution files do not cover are left out: funding there is unknown, not absent.
with positions as (
    -- the organisation as its canonical record (L3 merges), as the contributions that fund members name it
    select distinct coalesce(k.canonical_id, cast(l.from_id as integer)) as organization_id, l.to_id as agenda_item_id,
        (l.evidence ->> '$.stance') as stance
    from api_links as l
    left join int_organization_canonical as k on k.organization_id = cast(l.from_id as integer)
    where l.task = 'position' -- published links only (api_links): reviewer-confirmed at 0.95 or more
        and (l.evidence ->> '$.stance') in ('support', 'oppose') -- a position is one or the other
),

adoption_votes as (
    select v.agenda_item_id, v.person_id, v.vote, coalesce(m.vote_date, i.first_vote_date) as vote_date
    from int_votes as v
    inner join int_motions as m using (agenda_item_id, motion_number)
    inner join int_agenda_items as i on i.id = v.agenda_item_id
    where v.vote in ('Yes', 'No') -- a recorded position; an absence is none
        and v.person_id is not null -- a voter resolved to a member
        and m.motion_type like 'Adopt Item%' -- the decision on the item itself
    qualify row_number() over (partition by v.agenda_item_id, v.person_id order by v.motion_number desc) = 1 -- the last one
),

funding as (
    select distinct election, candidate_person_id as person_id, organization_id
    from api_contributions
    where candidate_person_id is not null -- the candidate is a member of council
),

covered as (
    -- elections whose contributions the files list
    select distinct election from api_campaigns
),

votes as (
    select
        a.agenda_item_id,
        a.person_id,
        t.term,
        left(t.term, 4) as election,
        cast(cast(left(t.term, 4) as integer) - 4 as varchar) as prior_election,
        p.organization_id,
        (a.vote = 'Yes' and p.stance = 'support') or (a.vote = 'No' and p.stance = 'oppose') as aligned
    from adoption_votes as a
    inner join positions as p using (agenda_item_id)
    inner join int_terms as t on a.vote_date between t.start_date and t.end_date
    where a.vote_date is not null -- cannot be placed in a term
),

final as (
    select
        v.term,
        v.election,
        v.prior_election,
        v.agenda_item_id,
        v.person_id,
        v.organization_id,
        v.aligned,
        f.person_id is not null as funded,
        case when v.prior_election in (select election from covered) then fp.person_id is not null end as funded_prior
    from votes as v
    left join funding as f on f.election = v.election and f.person_id = v.person_id and f.organization_id = v.organization_id
    left join funding as fp on fp.election = v.prior_election and fp.person_id = v.person_id and fp.organization_id = v.organization_id
    where v.election in (select election from covered) -- funding known for the term's election
)

select * from final
