-- Communications with their office holder resolved by the L4 model where a published L4 link exists (the
-- highest-scoring one), else by the deterministic rules of int_communications_resolved (staff contacts, and
-- contacts the model does not cover). The member's office follows a member the model names.
with l4 as (
    select from_id as communication_id, arg_max(cast(to_id as integer), (probability, to_id)) as person_id
    from int_links
    where task = 'L4' and published
    group by from_id
)

select
    c.* exclude (office_holder_person_id, member_person_id),
    coalesce(l4.person_id, c.office_holder_person_id) as office_holder_person_id,
    case
        when c.office_holder_type = 'member_of_council' and l4.person_id is not null then l4.person_id
        else c.member_person_id
    end as member_person_id,
    l4.person_id is not null as resolved_by_model
from int_communications_resolved as c
left join l4 on l4.communication_id = c.id
