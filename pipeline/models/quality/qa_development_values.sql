-- Development, CoA and site values the models could not use, in the shape of qa_invalid_values (the runner moves
-- `rejected` rows into quarantine and counts `value_nulled` ones in the data-quality report).
with bad_dates as (
    select 'development' as source, source_file, source_position, 'value_nulled' as severity,
        'invalid DATE_SUBMITTED "' || date_submitted_raw || '"' as reason, application_number as excerpt
    from stg_development__applications
    where date_submitted_raw is not null and submitted is null -- present but not a date
    union all
    select 'coa', source_file, source_position, 'value_nulled', 'invalid ' || field || ' "' || raw || '"', application_id
    from (
        select source_file, source_position, application_id, 'IN_DATE' as field, in_date_raw as raw, submitted as parsed
        from stg_coa__applications
        union all
        select source_file, source_position, application_id, 'HEARING_DATE', hearing_date_raw, hearing_date from stg_coa__applications
        union all
        select source_file, source_position, application_id, 'FINALDATE', finaldate_raw, final_date from stg_coa__applications
    )
    where nullif(trim(raw), '') is not null and parsed is null -- present but not a date
),

bad_wards as (
    select 'development', source_file, source_position, 'value_nulled', 'invalid WARD_NUMBER "' || ward_raw || '"', application_number
    from stg_development__applications
    where nullif(trim(ward_raw), '') is not null and ward is null -- zero-padded wards parse; junk and out-of-range do not
    union all
    select 'coa', source_file, source_position, 'value_nulled', 'invalid WARD "' || ward_raw || '"', application_id
    from stg_coa__applications
    where nullif(trim(ward_raw), '') is not null and ward is null
),

bad_coordinates as (
    select 'development', d.source_file, d.source_position, 'value_nulled',
        case when d.x is null or d.y is null then 'X/Y "' || coalesce(d.x_raw, '') || ', ' || coalesce(d.y_raw, '') || '" is not a number pair'
            else 'X/Y "' || d.x_raw || ', ' || d.y_raw || '" falls outside the city' end,
        d.application_number
    from stg_development__applications as d
    left join int_site_coordinates as c on c.x = d.x and c.y = d.y
    where (d.x_raw is not null or d.y_raw is not null) and coalesce(c.inside_city, false) = false
),

unkeyable_addresses as (
    -- registrations are left out: their addresses are searched for in free text, so a miss is not a bad value
    select case source when 'agenda_item' then 'tmmis' else source end, source_file, source_position, 'value_nulled',
        'address "' || coalesce(address_text, '') || '" has no street number or street name', record_id
    from int_site_mentions
    where address_key is null and source <> 'registration'
),

unmapped_outcomes as (
    -- a status or decision no rule of pipeline/seeds/application_outcomes.csv recognises leaves the outcome null
    select case kind when 'coa' then 'coa' else 'development' end, 'int_applications', cast(null as bigint), 'value_nulled',
        'no outcome rule matches "' || coalesce(decision, status) || '"', id
    from int_applications
    where outcome is null and coalesce(decision, status) is not null
),

merged_coa_rows as (
    -- a reference number on several rows is published once (closed file's latest row); the others are not
    select 'coa', source_file, source_position, 'rejected',
        'CoA reference "' || application_id || '" repeated (latest row published, addresses kept as sites)', application_id
    from stg_coa__applications
    qualify row_number() over (partition by application_id order by case file_kind when 'closed' then 0 else 1 end,
        submitted desc nulls last, try_cast(sys_id as bigint) desc nulls last, source_position desc) > 1
)

select * from bad_dates
union all select * from bad_wards
union all select * from bad_coordinates
union all select * from unkeyable_addresses
union all select * from unmapped_outcomes
union all select * from merged_coa_rows
