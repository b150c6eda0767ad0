-- GET /links rows: published links of every task except L7 (contributor matches are published only through
-- /contributions), ordered by id.
select
    id,
    task,
    from_type,
    from_id,
    to_type,
    to_id,
    probability,
    model,
    model_version,
    question_version,
    strftime(reviewed_at, '%Y-%m-%dT%H:%M:%SZ') as reviewed_at,
    e.evidence,
    confidence,
    lpad(cast(id as varchar), 12, '0') as _sort,
    -- min_confidence=high keeps high links; min_confidence=moderate keeps both bands
    case confidence when 'high' then ['moderate', 'high'] else ['moderate'] end as f_min_confidence
from int_links
inner join int_link_evidence as e using (task, from_type, from_id, to_type, to_id)
where published
    and task <> 'L7' -- never returned by /links (api-spec.md publication rules)
