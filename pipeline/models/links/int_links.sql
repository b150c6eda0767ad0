-- Every scored candidate with the reviewer's latest decision, its confidence band and whether the publication
-- rules let it out (analysis-definitions.md, Link tasks; api-spec.md publication rules; docs/links-contract.md).
with scores as (
    select * from int_link_scores
),

confirming as (
    -- independent confirming records: distinct sources (three registrations repeating one self-declaration
    -- are one source; the registry plus the council membership record are two); only L5's evidence lists them
    select
        task, from_type, from_id, to_type, to_id,
        coalesce(len(list_distinct(list_transform(
            cast(evidence -> '$.confirming_records' as json[]), r -> json_extract_string(r, '$.source')))), 0) as confirming_records
    from int_link_evidence
    where task = 'L5' -- the one task whose publication counts confirming records
),

decisions as (
    -- the latest decision on a pair wins (a reviewer may revise an earlier call)
    select
        task, from_type, from_id, to_type, to_id,
        arg_max(decision, reviewed_at) as decision,
        arg_max(reviewer, reviewed_at) as reviewer,
        max(reviewed_at) as reviewed_at,
        arg_max(note, reviewed_at) as note
    from stg_review__decisions
    group by all
),

joined as (
    select
        s.*,
        d.decision,
        d.reviewer,
        d.reviewed_at,
        d.note,
        -- the score a link needs to be published, by task
        case
            when s.task = 'L3' then 0.9
            when s.task in ('L5', 'L7', 'position') then 0.95
            else 0.7
        end as threshold,
        s.task in ('L5', 'L7', 'position') as review_required,
        -- L4 is one-to-one (a communication names one office holder): only the best candidate may be published,
        -- and only when it clearly beats the next one; two members who fit equally ("Councillor Smith" with two
        -- Smiths in office) publish neither
        s.task = 'L4' and (
            row_number() over (partition by s.task, s.from_type, s.from_id order by s.probability desc, s.to_id) > 1
            or s.probability - coalesce(lead(s.probability) over (partition by s.task, s.from_type, s.from_id
                order by s.probability desc, s.to_id), 0) < 0.2
        ) as ambiguous,
        coalesce(c.confirming_records, 0) as confirming_records
    from scores as s
    left join decisions as d using (task, from_type, from_id, to_type, to_id)
    left join confirming as c using (task, from_type, from_id, to_type, to_id)
),

final as (
    select
        i.id,
        j.*,
        case when j.probability >= 0.9 then 'high' when j.probability >= 0.7 then 'moderate' end as confidence,
        (
            j.probability >= j.threshold
            and j.decision is distinct from 'rejected' -- a rejected link is never published, whatever its score
            and (not j.review_required or j.decision = 'confirmed') -- L5, L7 and position need a confirmation
            and (j.task <> 'L5' or j.confirming_records >= 2) -- former officials: two independent records
            and not j.ambiguous -- one-to-one tasks publish a clear best candidate only
        ) as published
    from joined as j
    left join int_link_ids as i
        on i.natural_key = j.task || '|' || j.from_type || '|' || j.from_id || '|' || j.to_type || '|' || j.to_id
)

select * from final
