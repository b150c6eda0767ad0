-- Values the staging layer could not use: rejected records (not published) and nulled values, with reasons.
-- Rejected rows are appended to `quarantine` by the runner; all rows are counted in the data-quality report.
with bad_registration_dates as (
    select 'registry' as source, source_file, cast(source_position as bigint) as source_position, 'value_nulled' as severity,
        'invalid ' || field || ' "' || value || '"' as reason, sm_number as excerpt
    from (
        unpivot (select source_file, source_position, sm_number, initial_approval_date, effective_date,
                    proposed_start_date, proposed_end_date from src_registry__registrations)
        on initial_approval_date, effective_date, proposed_start_date, proposed_end_date
        into name field value value
    )
    where try_cast(value as date) is null -- unpivot drops nulls, so only present-but-impossible dates remain
),

duplicate_registrations as (
    select 'registry', source_file, cast(source_position as bigint), 'rejected',
        'duplicate SM number ' || sm_number || ' (first occurrence kept)', sm_number
    from (
        select *, row_number() over (partition by sm_number order by case when file_kind = 'active' then 0 else 1 end,
            cast(source_position as bigint)) as rn
        from src_registry__registrations
        where sm_number is not null
    )
    where rn > 1
),

undated_communications as (
    select 'registry', source_file, source_position, 'rejected',
        case when communication_date_raw is null then 'communication has no date'
            else 'communication date "' || communication_date_raw || '" is not a date' end,
        registration_id || ':' || communication_id -- the registration first: a reader looks the record up by its SM number
    from stg_registry__communications
    where is_poh_contact and communication_date is null -- the contract requires a date on every communication
),

bad_items as (
    select 'tmmis', source_file, source_position, 'rejected',
        'agenda item reference "' || agenda_item_id || '" does not have the shape <year>.<code><meeting>.<item>', agenda_item_id
    from stg_tmmis__agenda_items
    where not regexp_matches(agenda_item_id, '^\d{4}\.[A-Z]{2,3}\d+\.\d+[a-z]?$')
    union all
    select 'votes', source_file, source_position, 'rejected',
        'agenda item number "' || coalesce(agenda_item_id, '') || '" does not have the item shape', agenda_item_id
    from stg_votes__votes
    where agenda_item_id is null or not regexp_matches(agenda_item_id, '^\d{4}\.[A-Z]{2,3}\d+\.\d+[a-z]?$')
),

dropped_item_wards as (
    -- a TMMIS ward outside the ward model of the item's date, or other than the one ward of its sites, is not published
    select 'tmmis', i.source_file, i.source_position, 'value_nulled', d.reason, i.id
    from int_agenda_item_wards as w
    inner join int_agenda_items as i on i.id = w.agenda_item_id
    cross join unnest(w.dropped) as u(d)
),

bad_vote_times as (
    select 'votes', source_file, source_position, 'value_nulled',
        'Date/Time "' || date_time_raw || '" is not a date', agenda_item_id
    from stg_votes__votes
    where date_time_raw is not null and vote_date is null
)

select * from bad_registration_dates
union all select * from duplicate_registrations
union all select * from undated_communications
union all select * from bad_items
union all select * from dropped_item_wards
union all select * from bad_vote_times
