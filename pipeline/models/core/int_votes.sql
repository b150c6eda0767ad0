-- Each member's vote on each motion, resolved to the member's person id.
with votes as (
    select distinct
        agenda_item_id, committee, vote_date, vote_time, motion_type, vote_description, result, term,
        first_name, last_name, person_key(first_name, last_name) as name_key, vote
    from stg_votes__votes
    where agenda_item_id is not null
)

select
    v.agenda_item_id,
    m.motion_number,
    p.id as person_id,
    trim(v.first_name || ' ' || v.last_name) as name,
    v.vote
from votes as v
inner join int_motions as m
    on m.agenda_item_id = v.agenda_item_id
    and m.committee is not distinct from v.committee
    and m.vote_date is not distinct from v.vote_date
    and m.vote_time is not distinct from v.vote_time
    and m.motion_type is not distinct from v.motion_type
    and m.vote_description is not distinct from v.vote_description
    and m.result is not distinct from v.result
left join int_people as p on p.natural_key = 'member:' || v.name_key
