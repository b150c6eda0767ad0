-- The review queue (docs/links-contract.md): unreviewed candidates a reviewer should decide, with their evidence.
-- L7 is ordered by expected linked dollars: the probability times the contribution's amount, zero when the
-- contribution already counts as linked (a published L7 link to some organisation), so a reviewer's first decisions
-- add the most expected dollars to "share of a campaign's dollars from linked contributors"; the other tasks by
-- probability. Ties: probability, then ids (deterministic).
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

final as (
    select
        l.task, l.from_type, l.from_id, l.to_type, l.to_id, l.probability, l.confidence, l.model_version,
        l.question_version, l.published as published_without_review, l.evidence::varchar as evidence,
        l.extra::varchar as extra,
        case when l.task = 'L7' then round(l.probability * coalesce(a.amount, 0) * (k.from_id is null)::int, 2) end
            as expected_linked_dollars
    from int_links as l
    left join amounts as a on l.task = 'L7' and a.from_id = l.from_id
    left join linked as k on l.task = 'L7' and k.from_id = l.from_id
    where l.decision is null -- decided pairs are done
        and l.probability >= 0.5 -- below that the model says no
        and (l.review_required or l.probability < 0.9) -- gated tasks always; others only where the model is unsure
)

select * from final
order by task, coalesce(expected_linked_dollars, 0) desc, probability desc, from_id, to_id
