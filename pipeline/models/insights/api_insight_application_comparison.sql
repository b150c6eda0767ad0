-- GET /insights/application-comparison (analysis-definitions.md 4.6): lobbied applications (a published L2 link)
-- against their matched unlobbied applications (int_insight_application_matches: same kind, type, size band, and ward
-- at level type_ward, nearest submission within 730 days, up to 3 each, without replacement). One row per kind, type,
-- level and ward (null at level type) holding a lobbied application. The lobbied group is the lobbied applications
-- that found at least one control (lobbied_unmatched counts the others, left out of every rate); the matched group is
-- their controls, each counted once. Rates are shares of the group's applications by normalised outcome (pending and
-- closed files make up the rest); days to decision are measured where the source gives a decision date (CoA only).
-- Every outcome measure is null when either group has fewer than 20 applications, and `suppressed` says which.
with units as (
    select * from int_insight_application_units
),

matches as (
    select * from int_insight_application_matches
),

cells as (
    -- every lobbied application in its city-wide cell and, where it has a ward, its ward cell
    select 'type' as level, kind, type, cast(null as integer) as ward, id from units where lobbied
    union all
    select 'type_ward', kind, type, ward, id from units
    where lobbied
        and ward is not null -- no ward: no ward-level row to belong to
),

outcomes as (
    select
        id,
        outcome,
        appealed,
        -- decision_date is stated for CoA files only (the development file publishes none)
        date_diff('day', submitted, decision_date) as days_to_decision
    from api_applications
),

groups as (
    -- the lobbied group: lobbied applications with at least one control
    select c.level, c.kind, c.type, c.ward, 'lobbied' as grp, c.id
    from cells as c
    where exists (select 1 from matches as m where m.level = c.level and m.lobbied_id = c.id)
    union all
    select m.level, m.kind, m.type, m.ward, 'matched', m.control_id
    from matches as m
),

measures as (
    select
        g.level, g.kind, g.type, g.ward, g.grp,
        count(*) as n,
        count(*) filter (where o.outcome = 'approved') / count(*) as approval_rate,
        count(*) filter (where o.outcome = 'refused') / count(*) as refusal_rate,
        count(*) filter (where o.outcome = 'withdrawn') / count(*) as withdrawn_rate,
        count(*) filter (where o.appealed = 1) / count(*) as appeal_rate,
        median(o.days_to_decision) as median_days
    from groups as g
    inner join outcomes as o on o.id = g.id
    group by all
),

totals as (
    select level, kind, type, ward, count(*) as lobbied_total from cells group by all
),

joined as (
    select
        t.*,
        coalesce(l.n, 0) as lobbied_n,
        coalesce(m.n, 0) as matched_n,
        l.approval_rate as l_approval, l.refusal_rate as l_refusal, l.withdrawn_rate as l_withdrawn,
        l.appeal_rate as l_appeal, l.median_days as l_days,
        m.approval_rate as m_approval, m.refusal_rate as m_refusal, m.withdrawn_rate as m_withdrawn,
        m.appeal_rate as m_appeal, m.median_days as m_days,
        -- the reporting minimum: 20 applications in each group
        coalesce(l.n, 0) >= 20 and coalesce(m.n, 0) >= 20 as shown
    from totals as t
    left join measures as l on l.grp = 'lobbied' and l.level = t.level and l.kind = t.kind and l.type = t.type
        and l.ward is not distinct from t.ward
    left join measures as m on m.grp = 'matched' and m.level = t.level and m.kind = t.kind and m.type = t.type
        and m.ward is not distinct from t.ward
),

final as (
    select
        kind,
        type,
        level,
        ward,
        cast(lobbied_n as integer) as lobbied_n,
        cast(matched_n as integer) as matched_n,
        -- lobbied group
        case when shown then round(l_approval, 4) end as lobbied_approval_rate,
        case when shown then round(l_refusal, 4) end as lobbied_refusal_rate,
        case when shown then round(l_withdrawn, 4) end as lobbied_withdrawn_rate,
        case when shown then round(l_appeal, 4) end as lobbied_appeal_rate,
        case when shown then cast(l_days as double) end as lobbied_median_days_to_decision,
        -- matched group
        case when shown then round(m_approval, 4) end as matched_approval_rate,
        case when shown then round(m_refusal, 4) end as matched_refusal_rate,
        case when shown then round(m_withdrawn, 4) end as matched_withdrawn_rate,
        case when shown then round(m_appeal, 4) end as matched_appeal_rate,
        case when shown then cast(m_days as double) end as matched_median_days_to_decision,
        -- differences, lobbied − matched (of the exact rates, then rounded)
        case when shown then round(l_approval - m_approval, 4) end as approval_rate_difference,
        case when shown then round(l_refusal - m_refusal, 4) end as refusal_rate_difference,
        case when shown then round(l_withdrawn - m_withdrawn, 4) end as withdrawn_rate_difference,
        case when shown then round(l_appeal - m_appeal, 4) end as appeal_rate_difference,
        case when shown then cast(l_days - m_days as double) end as median_days_to_decision_difference,
        cast(lobbied_total - lobbied_n as integer) as lobbied_unmatched,
        case
            when lobbied_n < 20 and matched_n < 20 then 'fewer than 20 applications in the lobbied group and in the matched group'
            when lobbied_n < 20 then 'fewer than 20 applications in the lobbied group'
            when matched_n < 20 then 'fewer than 20 applications in the matched group'
        end as suppressed,
        (select export_date from int_export) as model_version,
        -- kind, type, the city-wide row first, then wards in numeric order
        kind || ' ' || type || ' ' || case level when 'type' then '0' else '1' || lpad(cast(ward as varchar), 4, '0') end as _sort
    from joined
)

select * from final
