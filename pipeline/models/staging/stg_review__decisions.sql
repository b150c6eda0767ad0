-- Reviewer decisions on link candidates (review/decisions.csv): task and types in their canonical spelling, the
-- decision in lower case, reviewed_at as a UTC timestamp. When a link was decided more than once, the latest
-- decision (then the later row of the file) is the one in force; `decisions` counts them all.
with source as (
    select * from src_review__decisions
),

renamed as (
    select
        case when lower(trim(task)) in ('topic', 'position') then lower(trim(task)) else upper(trim(task)) end as task,
        lower(trim(from_type)) as from_type,
        trim(from_id) as from_id,
        lower(trim(to_type)) as to_type,
        trim(to_id) as to_id,
        lower(trim(decision)) as decision,
        trim(reviewer) as reviewer,
        cast(timezone('UTC', try_cast(trim(reviewed_at) as timestamptz)) as timestamp) as reviewed_at,
        nullif(trim(note), '') as note,
        source_file,
        cast(source_position as bigint) as source_position
    from source
),

final as (
    select
        *,
        cast(reviewed_at as date) as reviewed_on,
        count(*) over (partition by task, from_type, from_id, to_type, to_id) as decisions
    from renamed
    qualify row_number() over (partition by task, from_type, from_id, to_type, to_id
        order by reviewed_at desc nulls last, source_file desc, source_position desc) = 1
)

select * from final
