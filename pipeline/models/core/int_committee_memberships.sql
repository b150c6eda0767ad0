-- Committee memberships of members of council per term, with chair roles and appointment dates.
with members as (
    select
        m.term,
        person_key(m.first_name, m.last_name) as name_key,
        b.committee_code,
        b.decision_body_name as committee,
        m.role,
        m.appt_start_date as start_date,
        m.appt_end_date as end_date
    from stg_tmmis__decision_body_members as m
    inner join stg_tmmis__decision_bodies as b using (term, decision_body_id)
)

select * from members
