-- Links at /links obey the publication rules: never L7, never rejected, above the task's threshold, confirmed where
-- the task requires it, and L5 with at least two confirming records.
select a.id, a.task, 'breaks a publication rule' as problem
from api_links as a
inner join int_links as l on l.id = a.id
where a.task = 'L7'
    or l.decision = 'rejected'
    or l.probability < l.threshold
    or (l.review_required and l.decision is distinct from 'confirmed')
    or (l.task = 'L5' and l.confirming_records < 2)
    or l.ambiguous
