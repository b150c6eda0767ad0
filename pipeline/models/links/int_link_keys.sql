-- Link pairs that get a public id: candidates in the publishable range (≥ 0.7) and any pair a reviewer decided.
-- Ids are issued once and kept (int_link_ids), so a link keeps its URL while its score moves.
select distinct s.task || '|' || s.from_type || '|' || s.from_id || '|' || s.to_type || '|' || s.to_id as natural_key
from int_link_scores as s
left join stg_review__decisions as d
    on d.task = s.task and d.from_type = s.from_type and d.from_id = s.from_id and d.to_type = s.to_type and d.to_id = s.to_id
where s.probability >= 0.7 or d.decision is not null -- below 0.7 nothing is published and nothing needs an id
