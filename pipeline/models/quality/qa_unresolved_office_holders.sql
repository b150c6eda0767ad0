-- Communications to members or their staff whose member could not be resolved (reported, still published).
select
    office_holder_type,
    case when candidates_at_best_rank > 1 then 'ambiguous' else 'no candidate' end as reason,
    count(*) as communications
from int_communications_resolved
where office_holder_type in ('member_of_council', 'councillor_staff') and member_person_id is null
group by all
