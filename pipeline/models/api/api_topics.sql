-- GET /topics: the tracker taxonomy.
select topic_id as id, label, description, topic_group as "group"
from stg_seeds__topics
order by topic_group, topic_id
