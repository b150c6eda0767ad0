-- The tracker topic taxonomy, kept as data in pipeline/seeds/topics.csv (stable ids).
select
    trim(id) as topic_id,
    trim(label) as label,
    trim(description) as description,
    trim("group") as topic_group,
    string_split(coalesce(trim(registry_subjects), ''), '|') as registry_subjects,
    string_split(coalesce(trim(keywords), ''), '|') as keywords
from seed_topics
