-- One row per (term, committee code) with the body's name: TMMIS decision bodies first, then agenda items.
with bodies as (
    select term, committee_code, decision_body_name, 1 as priority
    from stg_tmmis__decision_bodies
    where committee_code is not null
),

item_bodies as (
    select term, committee_code, decision_body_name, 2 as priority
    from stg_tmmis__agenda_items
    where committee_code is not null and decision_body_name is not null
),

ranked as (
    select
        *,
        row_number() over (partition by term, committee_code order by priority, decision_body_name) as rn
    from (select * from bodies union all select * from item_bodies)
)

select term, committee_code, decision_body_name as committee
from ranked
where rn = 1 -- one name per code and term: codes are reused across terms and bodies are renamed
