-- Subject-matter registrations of the newest registry snapshot: renamed, typed, vocabularies normalised.
with source as (
    select * from src_registry__registrations
),

renamed as (
    select
        -- ids
        trim(sm_number) as registration_id,
        cast(regexp_extract(sm_number, '(\d+)', 1) as bigint) as sm_digits,
        -- status and class, normalised to the contract's values (raw kept for the record)
        status as status_raw,
        case lower(trim(status))
            when 'active' then 'active'
            when 'closed' then 'closed'
            when 'closed by lro' then 'closed by lro'
        end as status,
        type as type_raw,
        case regexp_replace(lower(trim(type)), '[^a-z]', '', 'g')
            when 'consultant' then 'consultant'
            when 'inhouse' then 'in_house'
            when 'voluntary' then 'voluntary'
        end as type,
        -- subject matter: the registry separates categories with ';'
        list_filter(list_transform(string_split(coalesce(subject_matter, ''), ';'), s -> trim(s)), s -> s <> '') as subjects,
        subject_matter,
        subject_matter_definition,
        particulars,
        -- dates (ISO in the registry; an impossible date becomes null and is reported by qa_invalid_values)
        try_cast(initial_approval_date as date) as initial_approval_date,
        try_cast(effective_date as date) as effective_date,
        try_cast(proposed_start_date as date) as start_date,
        try_cast(proposed_end_date as date) as end_date,
        -- lineage
        file_kind,
        try_cast(snapshot_date as date) as snapshot_date,
        source_file,
        cast(source_position as bigint) as source_position
    from source
    where sm_number is not null -- records without an SM number were quarantined by the adapter
    -- an SM number listed twice keeps its active-file record (duplicates reported by qa_invalid_values)
    qualify row_number() over (partition by trim(sm_number)
        order by case when file_kind = 'active' then 0 else 1 end, cast(source_position as bigint)) = 1
)

select * from renamed
