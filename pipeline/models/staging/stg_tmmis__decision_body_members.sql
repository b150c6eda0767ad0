-- Members of each TMMIS decision body, with appointment dates (epoch ms or ISO) and chair roles.
with source as (
    select * from src_tmmis__decision_body_members
),

renamed as (
    select
        trim(term) as term,
        try_cast(decision_body_id as integer) as decision_body_id,
        trim(member_id) as member_id,
        trim(first_name) as first_name,
        trim(last_name) as last_name,
        upper(trim(salutation)) as salutation,
        coalesce(
            try_cast(appt_start_date as date),
            cast(timezone('America/Toronto', make_timestamptz(try_cast(appt_start_date as bigint) * 1000)) as date)
        ) as appt_start_date,
        coalesce(
            try_cast(appt_end_date as date),
            cast(timezone('America/Toronto', make_timestamptz(try_cast(appt_end_date as bigint) * 1000)) as date)
        ) as appt_end_date,
        case upper(trim(role)) when 'CHAIR' then 'chair' when 'VICECHR' then 'vice_chair' else 'member' end as role,
        source_file,
        cast(source_position as bigint) as source_position
    from source
)

select * from renamed
