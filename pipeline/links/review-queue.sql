-- The review queue (docs/links-contract.md): unreviewed candidates a reviewer should decide, with their evidence.
-- L7 is ordered by expected linked dollars: what confirming the candidate adds, in expectation, to the dollars the
-- published insights count as linked. Only a candidate at the publication threshold (0.95) and of tier 1 or 2 can
-- be published once confirmed, and a contribution's dollars count once: a contribution already linked (a published
-- L7 link to some organisation) adds none, and of its waiting candidates only the best (highest probability, then
-- organisation id) carries them. Those are worth the probability times the contribution's amount, every other
-- candidate nothing (they follow by probability: a lobbyist's other clients still matter to the per-organisation
-- insights). The other tasks by probability. Ties: probability, then ids.
with amounts as (
    -- the amount of each contribution (L7 from_id), as the City publishes it
    select cast(i.id as varchar) as from_id, r.amount
    from int_contribution_ids as i
    inner join stg_contributions__rows as r
        on i.natural_key = r.election || '|' || r.source_file || '|' || cast(r.source_position as varchar)
    where i.entity = 'contribution' -- the id state holds other entities too
),

linked as (
    -- contributions whose dollars already count as linked
    select distinct from_id from int_links
    where task = 'L7' and published -- reviewer-confirmed at 0.95 or more
),

waiting as (
    select *,
        -- a confirmation can publish it: at the publication threshold, tier 1 or 2 (tier 3 is never published)
        task = 'L7' and probability >= threshold and coalesce(cast(extra ->> '$.tier' as integer) in (1, 2), false)
            as publishable
    from int_links
    where decision is null -- decided pairs are done
        and probability >= 0.5 -- below that the model says no
        and (review_required or probability < 0.9) -- gated tasks always; others only where the model is unsure
),

ranked as (
    select *,
        row_number() over (partition by task, from_id, publishable order by probability desc, to_id) = 1 as best_of_contribution
    from waiting
),

final as (
    select
        l.task, l.from_type, l.from_id, l.to_type, l.to_id, l.probability, l.confidence, l.model_version,
        l.question_version, l.published as published_without_review, e.evidence::varchar as evidence,
        l.extra::varchar as extra,
        case when l.task = 'L7' then
            case
                when l.publishable -- else a confirmation publishes nothing
                    and k.from_id is null -- the contribution's dollars are not linked yet
                    and l.best_of_contribution -- they count once
                then round(l.probability * coalesce(a.amount, 0), 2)
                else 0
            end
        end as expected_linked_dollars
    from ranked as l
    inner join int_link_evidence as e -- the evidence a reviewer needs, read for the queued candidates only
        on e.task = l.task and e.from_type = l.from_type and e.from_id = l.from_id and e.to_type = l.to_type
        and e.to_id = l.to_id
    left join amounts as a on l.task = 'L7' and a.from_id = l.from_id
    left join linked as k on l.task = 'L7' and k.from_id = l.from_id
)

select * from final
order by task, coalesce(expected_linked_dollars, 0) desc, probability desc, from_id, to_id
