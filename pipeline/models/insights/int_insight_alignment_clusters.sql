-- The counts the alignment bootstrap resamples (api_insight_alignment.ts): per row of the insight (term, comparison,
-- member or 0 for council-wide) and agenda item (the unit resampled), the funded and unfunded votes and how many of
-- each were aligned with the position.
--   within_member, member m: m's votes; funded = the organisation funded m in the election before the term.
--   prior_term: the same with funding in the election before the previous term (terms whose earlier election the
--     files cover).
--   within_bloc, member m: m's funded votes against the unfunded members' votes on the same positions (item and
--     organisation) that m was funded on.
--   council-wide (0): within_member and prior_term pool the votes of every member funded at least once in the term
--     (members never funded would compare only other members); within_bloc pools, over every position some voting
--     member was funded on, the funded and the unfunded members' votes.
with votes as (
    select * from int_insight_alignment_votes
),

observations as (
    select term, 'within_member' as comparison, person_id as row_person, election, agenda_item_id, funded, aligned
    from votes
    union all
    select term, 'prior_term', person_id, prior_election, agenda_item_id, funded_prior, aligned
    from votes
    where funded_prior is not null -- the previous term's election is covered by the files
    union all
    select v.term, 'within_member', 0, v.election, v.agenda_item_id, v.funded, v.aligned
    from votes as v
    where exists (select 1 from votes as w where w.term = v.term and w.person_id = v.person_id and w.funded) -- funded members
    union all
    select v.term, 'prior_term', 0, v.prior_election, v.agenda_item_id, v.funded_prior, v.aligned
    from votes as v
    where v.funded_prior is not null -- covered
        and exists (select 1 from votes as w where w.term = v.term and w.person_id = v.person_id and w.funded_prior)
    union all
    -- within_bloc, member m: m's funded votes, and every unfunded vote on the positions m was funded on
    select m.term, 'within_bloc', m.person_id, m.election, m.agenda_item_id, true, m.aligned
    from votes as m
    where m.funded
    union all
    select m.term, 'within_bloc', m.person_id, m.election, o.agenda_item_id, false, o.aligned
    from votes as m
    inner join votes as o on o.term = m.term and o.agenda_item_id = m.agenda_item_id and o.organization_id = m.organization_id
        and o.person_id <> m.person_id
    where m.funded and not o.funded -- the unfunded members on the same position
    union all
    -- within_bloc council-wide: every vote on a position at least one voting member was funded on
    select v.term, 'within_bloc', 0, v.election, v.agenda_item_id, v.funded, v.aligned
    from votes as v
    where exists (select 1 from votes as w where w.term = v.term and w.agenda_item_id = v.agenda_item_id
        and w.organization_id = v.organization_id and w.funded)
),

members as (
    -- every member with a vote on a positioned item gets a row of each comparison the term's data allow, and so
    -- does the council (0): a row of zero funded votes says so rather than vanish
    select distinct term, election, 'within_member' as comparison, person_id as row_person from votes
    union all
    select distinct term, election, 'within_bloc', person_id from votes
    union all
    select distinct term, prior_election, 'prior_term', person_id from votes where funded_prior is not null
    union all
    select distinct term, election, comparison, 0 from votes, (values ('within_member'), ('within_bloc')) as c(comparison)
    union all
    select distinct term, prior_election, 'prior_term', 0 from votes where funded_prior is not null
),

counted as (
    select
        term, comparison, row_person as person_id, election, agenda_item_id,
        count(*) filter (where funded) as funded,
        count(*) filter (where funded and aligned) as funded_aligned,
        count(*) filter (where not funded) as unfunded,
        count(*) filter (where not funded and aligned) as unfunded_aligned
    from observations
    group by all
),

final as (
    select
        m.term,
        m.comparison,
        cast(m.row_person as integer) as person_id,
        m.election,
        c.agenda_item_id, -- null for a row with no votes in its comparison
        cast(coalesce(c.funded, 0) as integer) as funded,
        cast(coalesce(c.funded_aligned, 0) as integer) as funded_aligned,
        cast(coalesce(c.unfunded, 0) as integer) as unfunded,
        cast(coalesce(c.unfunded_aligned, 0) as integer) as unfunded_aligned
    from members as m
    left join counted as c on c.term = m.term and c.comparison = m.comparison and c.person_id = m.row_person
)

select * from final
