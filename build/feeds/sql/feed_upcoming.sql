-- Registrations that have entered their upcoming window (/insights/upcoming, docs/methodology-insights-trends.md): a
-- row of the published table whose window has opened by the export date, dated by the window's start (the day it
-- entered), with the names its ids name from the published tables only.
with upcoming as (
    select * from api_insight_upcoming
),

export as (
    select cast(export_date as date) as export_date from meta_run
),

final as (
    select
        u.registration_id as id,
        strftime(u.window_start, '%Y-%m-%d') as shown_date,
        cast(regexp_extract(u.registration_id, '\d+') as integer) as sm_digits,
        u.topic,
        t.label as topic_label,
        u.client_organization_id,
        client.canonical_name as client_name,
        strftime(u.initial_approval_date, '%Y-%m-%d') as initial_approval_date,
        u.basis,
        strftime(u.window_start, '%Y-%m-%d') as window_start,
        strftime(u.window_end, '%Y-%m-%d') as window_end,
        u.overdue
    from upcoming as u
    cross join export as e
    left join api_organizations as client on client.id = u.client_organization_id
    left join api_topics as t on t.id = u.topic
    -- entered: the window has opened (basis none has no window, so it never enters one)
    where u.window_start is not null and u.window_start <= e.export_date
)

select * from final
