-- The export this night builds, in one row: its date (the newest registry snapshot: the data's as-of day; today when
-- there is none) and the settings the insight models read (meta_settings, from the configuration). Every insight row's
-- model_version is this export_date; meta_run takes it from here too.
with snapshots as (
    select max(snapshot_date) as newest from stg_registry__registrations
),

final as (
    select
        coalesce(strftime(s.newest, '%Y-%m-%d'), strftime(current_date, '%Y-%m-%d')) as export_date,
        coalesce(s.newest, current_date) as export_day,
        m.its_intervention_date
    from snapshots as s
    cross join meta_settings as m
)

select * from final
