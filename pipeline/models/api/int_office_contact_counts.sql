-- Contacts per member office, counted once for every figure that reports them: per office, term and quarter, per
-- office and term (quarter 'term'), and per office over all time (term and quarter null). /people/{id} office
-- statistics and /insights/office-contacts both read these rows. Methods: meeting, call, email, written and other
-- count the communications of that method; not_stated those with no method (the registry row names none), so the
-- six add up to communications.
with communications as (
    select * from int_office_communications
),

counted as (
    select
        member_person_id as person_id,
        term,
        case when grouping(term) = 1 then null when grouping(quarter) = 1 then 'term' else quarter end as quarter,
        count(*) as communications,
        count(*) filter (where not to_staff) as to_member,
        count(*) filter (where to_staff) as to_staff,
        count(distinct registration_id) as registrations,
        count(distinct client_organization_id) as organizations,
        count(distinct lobbyist_person_id) as lobbyists,
        count(*) filter (where method = 'meeting') as meeting,
        count(*) filter (where method = 'call') as call,
        count(*) filter (where method = 'email') as email,
        count(*) filter (where method = 'written') as written,
        count(*) filter (where method = 'other') as other,
        count(*) filter (where method is null) as not_stated,
        min(date) as first_date,
        max(date) as last_date
    from communications
    group by grouping sets ((member_person_id, term, quarter), (member_person_id, term), (member_person_id))
),

final as (
    select * from counted
    -- a term or quarter row needs a term: a communication dated in no council term counts in the all-time row only
    where quarter is null or term is not null
)

select * from final
