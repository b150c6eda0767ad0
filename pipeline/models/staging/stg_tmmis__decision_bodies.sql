-- TMMIS decision bodies (committees) per term.
with source as (
    select * from src_tmmis__decision_bodies
)

select
    trim(term) as term,
    try_cast(decision_body_id as integer) as decision_body_id,
    trim(decision_body_name) as decision_body_name,
    upper(trim(committee_code)) as committee_code,
    trim(term_type) as term_type,
    trim(publish_label) as publish_label,
    source_file,
    cast(source_position as bigint) as source_position
from source
