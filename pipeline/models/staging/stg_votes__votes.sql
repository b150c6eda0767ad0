-- Recorded council and committee votes, one row per member per motion, with the Date/Time quirks parsed.
with source as (
    select * from src_votes__rows
),

parsed as (
    select
        trim(term) as term,
        trim(first_name) as first_name,
        trim(last_name) as last_name,
        trim(committee) as committee,
        -- Date/Time is 'YYYY-MM-DD HH:MM AM/PM' with a 24-hour clock, or a date, or empty
        try_cast(substr(trim(date_time), 1, 10) as date) as vote_date,
        regexp_extract(date_time, '\s(\d{1,2}):(\d{2})\s*([AaPp][Mm])?', ['hour', 'minute', 'ampm']) as time_parts,
        trim(date_time) as date_time_raw,
        trim(agenda_item_number) as agenda_item_id,
        -- titles may carry CR/LF: fold whitespace for display
        trim(regexp_replace(agenda_item_title, '\s+', ' ', 'g')) as agenda_item_title,
        trim(motion_type) as motion_type,
        trim(vote) as vote,
        trim(result) as result,
        trim(regexp_extract(result, '^([^,]+)', 1)) as result_outcome,
        try_cast(regexp_extract(result, '(\d+)-(\d+)', 1) as integer) as result_yes,
        try_cast(regexp_extract(result, '(\d+)-(\d+)', 2) as integer) as result_no,
        trim(regexp_replace(vote_description, '\s+', ' ', 'g')) as vote_description,
        source_file,
        cast(source_position as bigint) as source_position
    from source
),

final as (
    select
        * exclude (time_parts),
        -- a 24-hour clock with a redundant AM/PM: hours above 12 are already 24-hour
        case
            when time_parts.hour = '' then null
            else lpad(cast(
                case
                    when try_cast(time_parts.hour as integer) < 12 and upper(time_parts.ampm) = 'PM' then try_cast(time_parts.hour as integer) + 12
                    when try_cast(time_parts.hour as integer) = 12 and upper(time_parts.ampm) = 'AM' then 0
                    else try_cast(time_parts.hour as integer)
                end as varchar), 2, '0') || ':' || time_parts.minute
        end as vote_time
    from parsed
)

select * from final
