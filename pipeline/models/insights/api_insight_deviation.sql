-- GET /insights/deviation (analysis-definitions.md 4.2): per member and term, recorded votes against the bloc on
-- lobbied and on unlobbied items (int_insight_deviation_votes) and the difference of the two rates. A rate over
-- fewer than 10 votes is null and `suppressed` says which count fell short; the difference needs both rates.
with votes as (
    select * from int_insight_deviation_votes
),

counts as (
    select
        person_id,
        term,
        count(*) filter (where lobbied) as lobbied_votes,
        count(*) filter (where lobbied and deviated) as lobbied_deviations,
        count(*) filter (where not lobbied) as unlobbied_votes,
        count(*) filter (where not lobbied and deviated) as unlobbied_deviations
    from votes
    group by all
),

rated as (
    select
        *,
        -- the reporting minimum: a rate over fewer than 10 votes is not shown
        case when lobbied_votes >= 10 then lobbied_deviations / lobbied_votes end as raw_lobbied_rate,
        case when unlobbied_votes >= 10 then unlobbied_deviations / unlobbied_votes end as raw_unlobbied_rate
    from counts
),

final as (
    select
        cast(person_id as integer) as person_id,
        term,
        cast(lobbied_votes as integer) as lobbied_votes,
        cast(lobbied_deviations as integer) as lobbied_deviations,
        round(raw_lobbied_rate, 4) as lobbied_rate,
        cast(unlobbied_votes as integer) as unlobbied_votes,
        cast(unlobbied_deviations as integer) as unlobbied_deviations,
        round(raw_unlobbied_rate, 4) as unlobbied_rate,
        round(raw_lobbied_rate - raw_unlobbied_rate, 4) as difference,
        case
            when lobbied_votes < 10 and unlobbied_votes < 10 then 'fewer than 10 lobbied and fewer than 10 unlobbied votes'
            when lobbied_votes < 10 then 'fewer than 10 lobbied votes'
            when unlobbied_votes < 10 then 'fewer than 10 unlobbied votes'
        end as suppressed,
        (select export_date from int_export) as model_version,
        term || ' ' || lpad(cast(person_id as varchar), 12, '0') as _sort
    from rated
)

select * from final
