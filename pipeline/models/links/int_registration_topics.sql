-- A registration's tracker topic: its highest-scoring published topic link (analysis-definitions.md, topic).
select
    from_id as registration_id,
    arg_max(to_id, (probability, to_id)) as topic -- ties broken by topic id so the choice is deterministic
from int_links
where task = 'topic' and published
group by from_id
