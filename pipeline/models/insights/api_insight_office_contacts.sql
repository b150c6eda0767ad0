-- GET /insights/office-contacts (analysis-definitions.md 4.3): communications per member office (the member and the
-- staff resolved to them) per calendar quarter, and per member and term (quarter "term"). A quarter is split at a
-- term boundary (the term of each communication is the council term containing its date), so each row belongs to
-- one term. Rank 1 is the most contacted office among the offices contacted in that term's quarter (or term);
-- offices with equal counts share a rank and the next rank skips (1, 1, 3). Offices with no communication in a
-- quarter have no row. The five method counts leave out communications with no method stated.
with communications as (
    select c.*, t.term, strftime(c.date, '%Y') || 'Q' || cast(quarter(c.date) as varchar) as quarter
    from int_insight_office_communications as c
    inner join int_terms as t on c.date between t.start_date and t.end_date
),

per_period as (
    -- one row per office and quarter, and one per office and term (grouping sets keep one scan)
    select
        member_person_id as person_id,
        term,
        case when grouping(quarter) = 1 then 'term' else quarter end as quarter,
        count(*) as communications,
        count(distinct registration_id) as registrations,
        count(distinct client_organization_id) as organizations,
        count(distinct lobbyist_person_id) as lobbyists,
        count(*) filter (where method = 'meeting') as meeting,
        count(*) filter (where method = 'call') as call,
        count(*) filter (where method = 'email') as email,
        count(*) filter (where method = 'written') as written,
        count(*) filter (where method = 'other') as other,
        count(*) filter (where to_staff) as staff
    from communications
    group by grouping sets ((member_person_id, term, quarter), (member_person_id, term))
),

ranked as (
    select
        *,
        rank() over (partition by term, quarter order by communications desc) as rank
    from per_period
),

final as (
    select
        cast(person_id as integer) as person_id,
        term,
        quarter,
        cast(communications as integer) as communications,
        cast(registrations as integer) as registrations,
        cast(organizations as integer) as organizations,
        cast(lobbyists as integer) as lobbyists,
        cast(meeting as integer) as meeting,
        cast(call as integer) as call,
        cast(email as integer) as email,
        cast(written as integer) as written,
        cast(other as integer) as other,
        round(staff / communications, 4) as staff_share,
        cast(rank as integer) as rank,
        (select export_date from int_export) as model_version,
        -- term, then quarter with the term row after its quarters ("~" sorts after every digit), then rank, person id
        term || ' ' || case when quarter = 'term' then '~' else quarter end || ' '
            || lpad(cast(rank as varchar), 6, '0') || ' ' || lpad(cast(person_id as varchar), 12, '0') as _sort
    from ranked
)

select * from final
