-- Applications: development applications grouped by APPLICATION# (one application, several address rows → several
-- sites) and CoA applications by reference number (SYS_ID when there is none), with the normalised outcome, appeal
-- flag, units/GFA parsed from the description and the sites in the order the source lists them.
with rules as (
    select * from int_application_outcome_rules
),

site_of_mention as (
    select m.source, m.record_id, s.id as site_id, min(coalesce(m.source_position, 0)) as first_position
    from int_site_mentions as m
    join int_sites as s using (address_key)
    where m.source in ('development', 'coa')
    group by all
),

application_sites as (
    select source, record_id, list(site_id order by first_position, site_id) as site_ids
    from site_of_mention
    group by all
),

development as (
    -- the first address row carries the application's fields (they repeat on every row)
    select
        application_number as id,
        'development' as kind,
        application_type as type,
        min(submitted) over (partition by application_number) as submitted,
        status,
        cast(null as varchar) as decision,
        cast(null as date) as decision_date,
        -- the City dropped HEARING_DATE from this file in May 2025
        cast(null as date) as hearing_date,
        cast(null as integer) as objections,
        -- OMB/LPAT/OLT/TLAB appeals appear only in the status text of this file
        case when regexp_matches(lower(coalesce(status, '')), '\b(omb|lpat|olt|tlab)\b|appeal') then 1 else 0 end as appealed,
        description,
        coalesce(parent_folder_number, reference_file_number) as parent_raw,
        application_url as url,
        first_value(ward ignore nulls) over (partition by application_number order by source_position
            rows between unbounded preceding and unbounded following) as source_ward,
        concat_ws(' ', street_num, street_name, street_type, street_direction) as address_text
    from stg_development__applications
    where application_number is not null -- rows without a number are quarantined by the adapter
    qualify row_number() over (partition by application_number order by source_position) = 1
),

coa as (
    -- a reference on several rows (both files, or re-filed) is one application: the closed file's latest row wins
    select
        application_id,
        'coa',
        application_type,
        submitted,
        status,
        decision,
        final_date,
        hearing_date,
        objections,
        case when omb_decision is not null or omb_order_date is not null
            or regexp_matches(lower(concat_ws(' ', status, decision)), '\b(omb|lpat|olt|tlab)\b|appeal') then 1 else 0 end,
        description,
        parent_folder_number,
        application_url,
        ward,
        concat_ws(' ', street_num, street_name, street_type, street_direction)
    from stg_coa__applications
    qualify row_number() over (partition by application_id order by case file_kind when 'closed' then 0 else 1 end,
        submitted desc nulls last, try_cast(sys_id as bigint) desc nulls last, source_position desc) = 1
),

unioned as (
    select * from development
    union all
    select * from coa
),

outcomes as (
    -- each published text takes the outcome of its first matching rule (pipeline/seeds/application_outcomes.csv)
    select u.id, u.kind,
        (select arg_min(r.outcome, r.priority) from rules as r where regexp_matches(lower(u.status), r.pattern)) as status_outcome,
        (select arg_min(r.outcome, r.priority) from rules as r where regexp_matches(lower(u.decision), r.pattern)) as decision_outcome
    from unioned as u
),

final as (
    select
        u.*,
        s.site_ids,
        -- a final CoA decision wins; otherwise the status (a deferral followed by `Closed` is closed)
        case when o.decision_outcome in ('approved', 'refused', 'withdrawn') then o.decision_outcome
            else coalesce(o.status_outcome, o.decision_outcome) end as outcome,
        units_in_text(u.description) as units,
        gfa_in_text(u.description) as gfa
    from unioned as u
    join outcomes as o using (id, kind)
    left join application_sites as s on s.source = u.kind and s.record_id = u.id
)

select
    f.id,
    f.kind,
    -- the route filters type as two capital letters; anything else is not a type code
    case when regexp_matches(f.type, '^[A-Z]{2}$') then f.type end as type,
    slugify(f.id) as slug,
    cast(f.site_ids[1] as integer) as site_id,
    -- the first address row as the source writes it (ranges kept); the site carries the normalised form
    nullif(f.address_text, '') as address,
    cast(coalesce(f.source_ward, site.ward) as integer) as ward,
    f.submitted,
    f.status,
    f.decision,
    -- CoA: the final date, else the hearing that decided it (a deferral decides nothing)
    case when f.kind = 'coa' then coalesce(f.decision_date,
        case when f.outcome in ('approved', 'refused', 'withdrawn') and f.decision is not null then f.hearing_date end) end as decision_date,
    f.hearing_date,
    f.outcome,
    cast(f.appealed as integer) as appealed,
    cast(f.objections as integer) as objections,
    cast(f.units as integer) as units,
    cast(f.gfa as double) as gfa,
    size_band(f.units) as size_band,
    f.description,
    -- a parent or reference file is published only when it names another application (planning or CoA shape)
    case when regexp_matches(f.parent_raw, '^\d{2} \d{6} [A-Z]{3} \d{2} [A-Z]{2}$|^[AB]\d{2,4}/\d{2}[A-Z]{2,3}$')
        and f.parent_raw <> f.id then f.parent_raw end as parent_id,
    f.url,
    cast(coalesce(f.site_ids, []) as integer[]) as site_ids,
    natural_sort_key(f.id) || ' ' || f.id as sort_key
from final as f
left join int_sites as site on site.id = f.site_ids[1]
