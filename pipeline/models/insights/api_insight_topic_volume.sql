-- GET /insights/topic-volume (analysis-definitions.md 4.9): new registrations per topic and month against the
-- trailing 12-month mean. spike = 1 when the month has at least 5 registrations and the Poisson upper-tail
-- probability of its count under that mean is below 0.01; months without a full trailing year have no baseline,
-- no p-value and no spike. The p-value is computed from the exact mean; the baseline is published to 4 decimals.
with export as (
    select export_date from int_export
),

final as (
    select
        m.topic,
        strftime(m.month, '%Y-%m') as month,
        m.registrations,
        round(m.baseline_sum / 12, 4)::double as baseline,
        t.p_value,
        case when m.registrations >= 5 and t.p_value < 0.01 then 1 else 0 end as spike,
        e.export_date as model_version,
        m.topic || ' ' || strftime(m.month, '%Y-%m') as _sort
    from int_insight_topic_volume_months as m
    cross join export as e
    left join int_insight_topic_volume_tails as t
        on t.registrations = m.registrations and t.baseline_sum = m.baseline_sum
)

select * from final
