-- TMMIS agenda items: reference as id, meeting date from epoch milliseconds in Toronto time, arrays parsed.
with source as (
    select * from src_tmmis__agenda_items
),

renamed as (
    select
        trim(reference) as agenda_item_id,
        trim(term) as term,
        try_cast(agenda_item_id as bigint) as tmmis_agenda_item_id,
        try_cast(term_id as integer) as tmmis_term_id,
        try_cast(decision_body_id as integer) as decision_body_id,
        try_cast(meeting_id as integer) as meeting_id,
        trim(decision_body_name) as decision_body_name,
        -- epoch milliseconds are UTC instants of a Toronto meeting day
        cast(timezone('America/Toronto', make_timestamptz(try_cast(meeting_date as bigint) * 1000)) as date) as meeting_date,
        trim(upper(agenda_cd)) as committee_code,
        try_cast(meeting_number as integer) as meeting_number,
        trim(item_status) as item_status,
        trim(regexp_replace(agenda_item_title, '\s+', ' ', 'g')) as title,
        agenda_item_summary as summary,
        subject_terms,
        coalesce(try_cast(json(ward_ids) as integer[]), []) as ward_ids,
        coalesce(try_cast(json(addresses) as varchar[]), []) as addresses,
        trim(planning_application_number) as planning_application_number,
        source_file,
        cast(source_position as bigint) as source_position
    from source
)

select * from renamed
