-- GET /insights/lead-times (analysis-definitions.md 4.9): the distribution of lead times per tracker topic and pooled
-- (`*`, every registration, with or without a topic). Quantiles are DuckDB's quantile_cont: linear interpolation
-- between order statistics at position (n − 1)·p (R's type 7, the default of R's quantile()), exact to the 2 decimals
-- published; the mean is rounded to 2 decimals. Every topic of the taxonomy has a row; quantiles are null when n is 0.
with export as (
    select export_date from int_export
),

lead_times as (
    select * from int_insight_lead_times
),

groups as (
    select '*' as topic, lead_days from lead_times -- the pooled distribution
    union all
    select topic, lead_days from lead_times
    where topic is not null -- registrations without a topic count in the pooled row only
),

topics as (
    select '*' as topic
    union all
    select id from api_topics
),

stats as (
    select
        topic,
        count(lead_days)::integer as n,
        quantile_cont(lead_days, [0.1, 0.25, 0.5, 0.75, 0.9]) as q,
        avg(lead_days) as mean,
        count(*) filter (where lead_days is null)::integer as excluded_n
    from groups
    group by topic
),

final as (
    select
        t.topic,
        coalesce(s.n, 0) as n,
        round(s.q[1], 2)::double as p10,
        round(s.q[2], 2)::double as p25,
        round(s.q[3], 2)::double as p50,
        round(s.q[4], 2)::double as p75,
        round(s.q[5], 2)::double as p90,
        round(s.mean, 2)::double as mean,
        coalesce(s.excluded_n, 0) as excluded_n,
        e.export_date as model_version,
        t.topic as _sort -- '*' sorts before every topic id
    from topics as t
    cross join export as e
    left join stats as s using (topic)
)

select * from final
