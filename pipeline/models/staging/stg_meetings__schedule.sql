-- Council and committee meeting schedule.
with source as (
    select * from src_meetings__schedule
)

select
    trim(term) as term,
    trim(committee) as committee,
    try_cast(mtg_number as integer) as meeting_number,
    try_cast(date as date) as meeting_date,
    start_time,
    end_time,
    location,
    source_file,
    cast(source_position as bigint) as source_position
from source
