-- GET /registrations rows, ordered by the numeric SM number. The ward is that of the registration's sites when
-- they all lie in one ward (null when none is known or they disagree); the ward filter matches any site's ward.
-- Client and firm are canonical organisation records (L3 merges applied); the client filter matches any id of the
-- client's family, so a merged record's id finds its canonical record's registrations.
select
    r.id,
    o.client_organization_id,
    r.lobbyist_person_id,
    o.firm_organization_id,
    r.type,
    r.status,
    r.subjects,
    t.topic,
    r.particulars,
    sm.summary,
    case when len(w.wards) = 1 then w.wards[1] end as ward,
    r.initial_approval_date,
    r.start_date,
    r.end_date,
    lpad(cast(r.sm_digits as varchar), 12, '0') || ' ' || r.id as _sort,
    coalesce(w.wards, []) as f_wards,
    coalesce(k.family_ids, []) as f_client_ids
from int_registrations as r
inner join int_registration_organizations as o on o.registration_id = r.id
left join int_organization_canonical as k on k.organization_id = o.client_organization_id
left join int_registration_wards as w on w.registration_id = r.id
left join int_registration_topics as t on t.registration_id = r.id -- highest published topic link
left join int_registration_summaries as sm on sm.registration_id = r.id
