-- GET /insights/mayor-share (analysis-definitions.md 4.5): per calendar quarter and category, the communications
-- that reached a member's office (the member, or staff resolved to the member), how many of them reached the Mayor's
-- office, and the share that reached offices of the other Executive Committee members. One row per category for every
-- quarter from the first quarter with a member-office communication through the last quarter that ended on or before
-- the export date (the series of the interrupted time series); a share is null where its quarter and category had no
-- member-office communication (undefined, not suppressed).
with export as (
    select export_date, export_day, its_intervention_date from int_export
),

member_contacts as (
    select id, registration_id, member_person_id, date,
        year(date) * 4 + quarter(date) - 1 as quarter_index
    from api_communications
    where member_person_id is not null -- reached a member's office: the member or the member's staff
),

mayor_roles as (
    select person_id, start_date, end_date from int_person_roles where role = 'mayor'
),

executive_memberships as (
    -- Executive Committee seats; an appointment without an end date runs to the end of its term
    select p.id as person_id, c.start_date, coalesce(c.end_date, t.end_date) as end_date
    from int_committee_memberships as c
    inner join int_terms as t using (term)
    inner join int_people as p on p.natural_key = 'member:' || c.name_key
    where c.committee_code = 'EX' -- the Executive Committee
        and c.start_date is not null -- an appointment without dates cannot place a communication
),

registration_categories as (
    -- the mapped categories of each registration's registry subjects (a registration may fall in several)
    select distinct r.id as registration_id, m.category
    from api_registrations as r, unnest(r.subjects) as u(subject)
    inner join int_insight_mayor_share_categories as m on m.subject_key = lower(trim(u.subject))
),

contacts as (
    select
        c.id, c.registration_id, c.quarter_index,
        exists (select 1 from mayor_roles as m
            where m.person_id = c.member_person_id and c.date between m.start_date and m.end_date) as to_mayor,
        exists (select 1 from executive_memberships as e
            where e.person_id = c.member_person_id and c.date between e.start_date and e.end_date) as to_executive
    from member_contacts as c
),

span as (
    select
        min(quarter_index) as first_index,
        -- the last quarter that ended on or before the export date
        (select year(export_day + 1) * 4 + quarter(export_day + 1) - 2 from export) as last_index
    from contacts
),

quarters as (
    select q.generate_series as quarter_index,
        make_date(cast(q.generate_series // 4 as integer), cast(q.generate_series % 4 * 3 + 1 as integer), 1) as quarter_start
    from span, generate_series(span.first_index, span.last_index) as q
),

executive_coverage as (
    -- a quarter's Executive Committee membership is loaded when appointments cover every day of it
    select q.quarter_index,
        count(distinct d.day) = date_diff('day', q.quarter_start, q.quarter_start + interval 3 month) as loaded
    from quarters as q
    cross join lateral (select unnest(generate_series(q.quarter_start, q.quarter_start + interval 3 month - interval 1 day,
        interval 1 day))::date as day) as d
    -- days without any appointment drop out here and leave the count short of the quarter's days
    inner join executive_memberships as e on d.day between e.start_date and e.end_date
    group by q.quarter_index, q.quarter_start
),

categories as (
    select * from (values (1, 'all'), (2, 'planning_development'), (3, 'budget'), (4, 'housing')) as v(category_rank, category)
),

contacts_by_category as (
    select c.*, 'all' as category from contacts as c
    union all
    select c.*, rc.category from contacts as c
    inner join registration_categories as rc using (registration_id)
),

counts as (
    select quarter_index, category,
        count(*) as all_member_offices,
        count(*) filter (where to_mayor) as mayor_office,
        count(*) filter (where to_executive and not to_mayor) as executive_office
    from contacts_by_category
    group by quarter_index, category
),

intervention as (
    -- t0: the first full quarter on or after the intervention date
    select year(its_intervention_date) * 4 + quarter(its_intervention_date) - 1
        + case when its_intervention_date = date_trunc('quarter', its_intervention_date) then 0 else 1 end as t0_index
    from export
),

final as (
    select
        cast(q.quarter_index // 4 as varchar) || 'Q' || cast(q.quarter_index % 4 + 1 as varchar) as quarter,
        k.category,
        coalesce(n.mayor_office, 0)::integer as mayor_office,
        coalesce(n.all_member_offices, 0)::integer as all_member_offices,
        round(n.mayor_office / n.all_member_offices, 4)::double as share,
        case when coalesce(x.loaded, false)
            then round(n.executive_office / n.all_member_offices, 4)::double end as executive_committee_share,
        case when q.quarter_index >= i.t0_index then 1 else 0 end as post,
        e.export_date as model_version,
        cast(q.quarter_index // 4 as varchar) || 'Q' || cast(q.quarter_index % 4 + 1 as varchar)
            || ' ' || cast(k.category_rank as varchar) as _sort
    from quarters as q
    cross join categories as k
    cross join intervention as i
    cross join export as e
    left join counts as n on n.quarter_index = q.quarter_index and n.category = k.category
    left join executive_coverage as x on x.quarter_index = q.quarter_index
)

select * from final
