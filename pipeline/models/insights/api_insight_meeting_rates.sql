-- GET /insights/meeting-rates (analysis-definitions.md 4.4): meetings ÷ communications to member offices, per subject
-- (lobbyist, consultant firm, office, lobbyist:member pair), office and registry subject category ("*" = all; a
-- registration listing several categories counts in each). office_rate is the same office's rate in the same
-- category over every subject; ratio = rate ÷ office_rate. The denominator is every communication, those with no
-- method stated included (they are not known to be meetings). A rate over fewer than 10 communications is null, and
-- `suppressed` says which count fell short.
with communications as (
    select c.*, category
    from int_office_communications as c,
        unnest(list_concat(['*'], c.subjects)) as s(category) -- each communication in "*" and in each of its categories
),

subjects as (
    select 'lobbyist' as subject_type, cast(lobbyist_person_id as varchar) as subject_id,
        lpad(cast(lobbyist_person_id as varchar), 12, '0') as subject_key, member_person_id, category, method
    from communications
    where lobbyist_person_id is not null -- a communication with no resolved lobbyist has no lobbyist subject
    union all
    select 'firm', cast(firm_organization_id as varchar), lpad(cast(firm_organization_id as varchar), 12, '0'),
        member_person_id, category, method
    from communications
    where firm_organization_id is not null -- consultant registrations only: in-house lobbyists have no firm
    union all
    select 'office', cast(member_person_id as varchar), lpad(cast(member_person_id as varchar), 12, '0'),
        member_person_id, category, method
    from communications
    union all
    select 'pair', lobbyist_person_id || ':' || member_person_id,
        lpad(cast(lobbyist_person_id as varchar), 12, '0') || ':' || lpad(cast(member_person_id as varchar), 12, '0'),
        member_person_id, category, method
    from communications
    where lobbyist_person_id is not null -- a pair needs both ends
),

subject_counts as (
    select subject_type, subject_id, subject_key, member_person_id as office, category,
        count(*) as communications,
        count(*) filter (where method = 'meeting') as meetings
    from subjects
    group by all
),

office_counts as (
    select member_person_id as office, category,
        count(*) as communications,
        count(*) filter (where method = 'meeting') as meetings
    from communications
    group by all
),

rated as (
    select
        s.*,
        o.communications as office_communications,
        -- the reporting minimum: a rate over fewer than 10 communications is not shown
        case when s.communications >= 10 then s.meetings / s.communications end as raw_rate,
        case when o.communications >= 10 then o.meetings / o.communications end as raw_office_rate
    from subject_counts as s
    inner join office_counts as o using (office, category)
),

final as (
    select
        subject_type,
        subject_id,
        cast(office as integer) as office,
        category,
        cast(communications as integer) as communications,
        cast(meetings as integer) as meetings,
        round(raw_rate, 4) as rate,
        round(raw_office_rate, 4) as office_rate,
        case when raw_office_rate > 0 then round(raw_rate / raw_office_rate, 4) end as ratio,
        case
            when communications < 10 and office_communications < 10
                then 'fewer than 10 communications for the subject and for the office'
            when communications < 10 then 'fewer than 10 communications for the subject'
            when office_communications < 10 then 'fewer than 10 communications for the office: no office rate or ratio'
            when raw_office_rate = 0 then 'no ratio: the office had no meetings in this category'
        end as suppressed,
        (select export_date from int_export) as model_version,
        -- subject type, subject id (numerically), office, then category with "*" first
        subject_type || ' ' || subject_key || ' ' || lpad(cast(office as varchar), 12, '0') || ' '
            || case when category = '*' then '0' else '1' || category end as _sort,
        -- the subject filter: a firm answers to any id of its family (L3 merges), other subjects to their own id
        coalesce(list_transform(k.family_ids, i -> cast(i as varchar)), [subject_id]) as f_subject_ids
    from rated
    left join int_organization_canonical as k
        on subject_type = 'firm' and k.organization_id = try_cast(subject_id as integer)
)

select * from final
