-- Members of council (mayor and councillors) per term, from the officials list, Council membership and votes.

with officials as (
    select term, first_name, last_name, role, ward, 1 as priority, 'elected_officials' as source,
        cast(null as date) as start_date, cast(null as date) as end_date
    from stg_officials__contacts
),

council_bodies as (
    select m.term, m.first_name, m.last_name,
        case when m.salutation in ('MAYOR') then 'mayor' else 'councillor' end as role,
        cast(null as integer) as ward, 2 as priority, 'decision_body' as source,
        m.appt_start_date as start_date, m.appt_end_date as end_date
    from stg_tmmis__decision_body_members as m
    inner join stg_tmmis__decision_bodies as b using (term, decision_body_id)
    where b.committee_code = 'CC' -- City Council's own membership is the list of members of council
),

voters as (
    select distinct term, first_name, last_name, cast(null as varchar) as role, cast(null as integer) as ward,
        3 as priority, 'voting_record' as source, cast(null as date) as start_date, cast(null as date) as end_date
    from stg_votes__votes
    where committee = 'City Council' and first_name is not null and last_name is not null
),

mentions as (
    select
        *,
        person_key(first_name, last_name) as name_key
    from (select * from officials union all select * from council_bodies union all select * from voters)
),

final as (
    select
        m.term,
        m.name_key,
        arg_min(m.first_name, m.priority) as first_name,
        arg_min(m.last_name, m.priority) as last_name,
        -- the mayor is named as such by the officials list or the Council membership
        coalesce(max(case when m.role = 'mayor' then 'mayor' end), 'councillor') as role,
        arg_min(m.ward, m.priority) filter (where m.ward is not null) as ward,
        greatest(t.start_date, coalesce(min(m.start_date), t.start_date)) as start_date,
        least(t.end_date, coalesce(max(m.end_date), t.end_date)) as end_date,
        list(distinct m.source order by m.source) as sources
    from mentions as m
    inner join int_terms as t using (term)
    group by m.term, m.name_key, t.start_date, t.end_date
)

select * from final
