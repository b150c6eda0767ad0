-- Motions: one per distinct vote event on an item (date/time, body, motion type, description, result), with tallies.
with votes as (
    -- the same member's vote can be listed twice for non-Council bodies; count it once
    select distinct
        agenda_item_id, committee, vote_date, vote_time, date_time_raw, motion_type, vote_description, result,
        result_outcome, result_yes, result_no, person_key(first_name, last_name) as name_key, vote
    from stg_votes__votes
    where agenda_item_id is not null
),

motions as (
    select
        agenda_item_id,
        committee,
        vote_date,
        vote_time,
        motion_type,
        vote_description,
        result,
        result_outcome,
        any_value(result_yes) as result_yes,
        any_value(result_no) as result_no,
        count(*) filter (where vote = 'Yes') as yes,
        count(*) filter (where vote = 'No') as no,
        count(*) filter (where vote = 'Absent') as absent
    from votes
    group by all
),

final as (
    select
        row_number() over (partition by agenda_item_id
            order by vote_date nulls first, vote_time nulls first, committee, motion_type, vote_description, result) as motion_number,
        *
    from motions
)

select * from final
