-- GET /agenda-items rows in natural id order, with every ward the item concerns as a filter column (the wards of
-- int_agenda_item_wards: in the ward model of the meeting date, the sites' wards in the 25-ward era).
select
    i.id,
    i.term,
    i.committee_code,
    i.committee,
    i.meeting_number,
    i.meeting_date,
    i.title,
    w.ward,
    i.addresses,
    i.first_vote_date,
    i.has_recorded_vote,
    i.sort_key as _sort,
    coalesce(w.wards, []) as f_wards
from int_agenda_items as i
left join int_agenda_item_wards as w on w.agenda_item_id = i.id
