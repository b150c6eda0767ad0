-- Topic-volume counts (analysis-definitions.md 4.9): new registrations per tracker topic and calendar month, by initial
-- approval date, on a dense grid — every topic of the taxonomy × every month from the registry's first approval month
-- through the export's month (partial: it can only under-count, never make a spike) — with the trailing 12 months'
-- total as the baseline's numerator. The first 12 months of the series have no full trailing year: baseline null.
with export as (
    select export_day from int_export
),

registrations as (
    select topic, date_trunc('month', initial_approval_date) as month
    from api_registrations
    where initial_approval_date is not null -- a registration counts in the month it was approved
),

span as (
    select min(month) as first_month, (select date_trunc('month', export_day) from export) as last_month
    from registrations
),

months as (
    select cast(m.generate_series as date) as month
    from span, generate_series(span.first_month, span.last_month, interval 1 month) as m
),

counts as (
    select topic, month, count(*) as registrations
    from registrations
    where topic is not null -- untagged registrations have no topic row
    group by topic, month
),

grid as (
    select t.id as topic, m.month, coalesce(c.registrations, 0)::integer as registrations
    from api_topics as t
    cross join months as m
    left join counts as c on c.topic = t.id and c.month = m.month
),

final as (
    select
        topic,
        month,
        registrations,
        -- the grid is dense, so the 12 preceding rows are the 12 preceding months
        sum(registrations) over trailing_year as trailing_sum,
        count(*) over trailing_year as trailing_months
    from grid
    window trailing_year as (partition by topic order by month rows between 12 preceding and 1 preceding)
)

select
    topic,
    month,
    registrations,
    case when trailing_months = 12 then trailing_sum::integer end as baseline_sum
from final
