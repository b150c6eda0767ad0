-- GET /insights/upcoming (analysis-definitions.md 4.9): active registrations with no published L1 link yet, with the
-- window in which an agenda item can be expected: initial approval + [p25, p75] of the published lead times of the
-- registration's topic (basis `topic`, when it has at least 20), else of the pooled lead times (basis `pooled`, at
-- least 20), else none (window null). The window is widened to whole days (start + floor(p25), end + ceil(p75)) and
-- computed from the published quantiles, so it can be recomputed from /insights/lead-times. overdue = 1 when the
-- export date is past the window's end, null without a window. basis_n is the number of lead times behind the window;
-- for basis `none`, the pooled number that fell short.
with export as (
    select export_date, export_day from int_export
),

lead_times as (
    select topic, n, p25, p75 from api_insight_lead_times
),

pooled as (
    select n, p25, p75 from lead_times where topic = '*'
),

unlinked as (
    select r.id, r.topic, r.client_organization_id, r.initial_approval_date,
        lpad(regexp_extract(r.id, '\d+'), 12, '0') || ' ' || r.id as _sort
    from api_registrations as r
    where r.status = 'active' -- open registrations only
        and not exists ( -- no published L1 link yet
            select 1 from api_links as l where l.task = 'L1' and l.from_id = r.id
        )
),

bases as (
    select
        u.*,
        case
            when u.initial_approval_date is null then 'none' -- no approval date to count from
            when t.n >= 20 then 'topic'
            when p.n >= 20 then 'pooled'
            else 'none'
        end as basis,
        t.n as topic_n, t.p25 as topic_p25, t.p75 as topic_p75,
        p.n as pooled_n, p.p25 as pooled_p25, p.p75 as pooled_p75
    from unlinked as u
    cross join pooled as p
    left join lead_times as t on t.topic = u.topic
),

windows as (
    select
        *,
        case basis when 'topic' then topic_n when 'pooled' then pooled_n
            else case when initial_approval_date is null then 0 else pooled_n end end as basis_n,
        case basis
            when 'topic' then initial_approval_date + cast(floor(topic_p25) as integer)
            when 'pooled' then initial_approval_date + cast(floor(pooled_p25) as integer)
        end as window_start,
        case basis
            when 'topic' then initial_approval_date + cast(ceil(topic_p75) as integer)
            when 'pooled' then initial_approval_date + cast(ceil(pooled_p75) as integer)
        end as window_end
    from bases
),

final as (
    select
        w.id as registration_id,
        w.topic,
        w.client_organization_id,
        w.initial_approval_date,
        w.basis,
        w.basis_n::integer as basis_n,
        w.window_start,
        w.window_end,
        case when w.window_end is null then null when e.export_day > w.window_end then 1 else 0 end as overdue,
        e.export_date as model_version,
        w._sort
    from windows as w
    cross join export as e
)

select * from final
