-- Roles held by each person, with term, ward and dates: the basis of the people filters and detail.
with members as (
    select p.id as person_id, 'member_of_council' as role, m.term, m.ward, m.start_date, m.end_date, 'council' as source
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
    union all
    select p.id, 'mayor', m.term, cast(null as integer), m.start_date, m.end_date, 'council'
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
    where m.role = 'mayor'
),

lobbyist_spans as (
    -- a lobbyist holds the role over the periods of the registrations naming them
    select
        p.id as person_id,
        min(coalesce(r.start_date, r.initial_approval_date)) as start_date,
        max(coalesce(r.end_date, r.snapshot_date)) as end_date
    from int_lobbyist_mentions as l
    inner join int_people as p on p.natural_key = 'lobbyist:' || l.name_key
    inner join stg_registry__registrations as r using (registration_id)
    group by p.id
),

lobbyists as (
    select s.person_id, 'lobbyist' as role, t.term, cast(null as integer) as ward,
        s.start_date, s.end_date, 'registry' as source
    from lobbyist_spans as s
    inner join int_terms as t on s.start_date <= t.end_date and coalesce(s.end_date, s.start_date) >= t.start_date
),

staff as (
    select p.id as person_id, s.office_holder_type as role, t.term, cast(null as integer) as ward,
        min(s.communication_date) as start_date, max(s.communication_date) as end_date, 'communications' as source
    from int_staff_mentions as s
    inner join int_people as p on p.natural_key = 'staff:' || s.name_key
    inner join int_terms as t on s.communication_date between t.start_date and t.end_date
    group by all
)

select * from members
union all select * from lobbyists
union all select * from staff
