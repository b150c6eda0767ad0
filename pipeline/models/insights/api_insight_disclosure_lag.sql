-- GET /insights/disclosure-lag (analysis-definitions.md 4.11): how long communications took to appear in the registry.
-- lag = first_seen_date − date (the first daily snapshot that listed it); late = lag > 3 days. The snapshot history
-- starts at the earliest first sighting of a published communication (every snapshot of the City's export lists
-- thousands) and ends at the export date. Communications dated before the history's first snapshot are left out:
-- their first sighting is censored. Rows per firm (the registration's consultant firm), lobbyist (the
-- communication's), registry subject (each subject of the registration) and all; medians and 90th percentiles are
-- quantile_cont (linear interpolation, R type 7), 2 decimals. Until the history spans 6 months there is one row whose
-- `measurement` says so and from which date rows will appear; its filter lists hold every subject type and every
-- subject id the measured rows would have, so each request — filtered or not — returns that one row.
with export as (
    select export_date, export_day from int_export
),

history as (
    select
        min(c.first_seen_date) as first_snapshot,
        (select export_day from export) as newest_snapshot,
        cast(min(c.first_seen_date) + interval 6 month as date) as available_from
    from api_communications as c
),

measured as (
    select
        c.id, c.lobbyist_person_id, r.firm_organization_id, r.subjects,
        date_diff('day', c.date, c.first_seen_date) as lag_days
    from api_communications as c
    inner join api_registrations as r on r.id = c.registration_id
    cross join history as h
    where c.date >= h.first_snapshot -- dated before the first snapshot: first sighting censored
),

subjects as (
    select 'all' as subject_type, cast(null as varchar) as subject_id, lag_days from measured
    union all
    select 'firm', cast(firm_organization_id as varchar), lag_days from measured
    where firm_organization_id is not null -- consultant registrations name a firm
    union all
    select 'lobbyist', cast(lobbyist_person_id as varchar), lag_days from measured
    where lobbyist_person_id is not null -- a communication whose lobbyist is unknown counts for no lobbyist
    union all
    select distinct on (m.id, u.subject) 'subject', u.subject, m.lag_days
    from measured as m, unnest(m.subjects) as u(subject)
),

stats as (
    select
        subject_type,
        subject_id,
        count(*)::integer as communications,
        count(*) filter (where lag_days > 3)::integer as late,
        round(count(*) filter (where lag_days > 3) / count(*), 4)::double as late_share,
        round(quantile_cont(lag_days, 0.5), 2)::double as median_lag_days,
        round(quantile_cont(lag_days, 0.9), 2)::double as p90_lag_days
    from subjects
    group by subject_type, subject_id
),

rows_measured as (
    select
        s.*,
        cast(null as varchar) as measurement,
        [s.subject_type] as f_subject_types,
        -- a firm answers to any id of its family (L3 merges), other subjects to their own id
        case when s.subject_id is null then []
            else coalesce(list_transform(k.family_ids, i -> cast(i as varchar)), [s.subject_id]) end as f_subject_ids,
        case s.subject_type when 'all' then '1' when 'firm' then '2' when 'lobbyist' then '3' else '4' end || ' '
            || case when s.subject_type in ('firm', 'lobbyist') then lpad(s.subject_id, 12, '0')
                else coalesce(s.subject_id, '') end as _sort
    from stats as s
    left join int_organization_canonical as k
        on s.subject_type = 'firm' and k.organization_id = try_cast(s.subject_id as integer)
),

row_pending as (
    select
        'all' as subject_type,
        cast(null as varchar) as subject_id,
        cast(null as integer) as communications,
        cast(null as integer) as late,
        cast(null as double) as late_share,
        cast(null as double) as median_lag_days,
        cast(null as double) as p90_lag_days,
        case when h.first_snapshot is null
            then 'No registry snapshot history is loaded: disclosure lag is measured once the history spans 6 months.'
            else 'The registry snapshot history runs from ' || strftime(h.first_snapshot, '%Y-%m-%d') || ' to '
                || strftime(h.newest_snapshot, '%Y-%m-%d') || ', less than the 6 months disclosure lag needs '
                || '(a communication''s first sighting is known only from the first snapshot on): rows will appear from '
                || strftime(h.available_from, '%Y-%m-%d') || '.'
        end as measurement,
        ['firm', 'lobbyist', 'subject', 'all'] as f_subject_types,
        coalesce((select list(distinct i order by i) from rows_measured, unnest(f_subject_ids) as u(i)), [])
            as f_subject_ids,
        '0 pending' as _sort
    from history as h
),

final as (
    select r.*, e.export_date as model_version
    from rows_measured as r
    cross join history as h
    cross join export as e
    where h.available_from <= h.newest_snapshot -- the history spans 6 months
    union all
    select r.*, e.export_date as model_version
    from row_pending as r
    cross join history as h
    cross join export as e
    where h.available_from > h.newest_snapshot or h.first_snapshot is null -- not yet (or no history at all)
)

select
    subject_type, subject_id, communications, late, late_share, median_lag_days, p90_lag_days, measurement,
    model_version, _sort, f_subject_types, f_subject_ids
from final
