-- GET /agenda-items rows in natural id order, with every ward the item concerns as a filter column.
select
    id,
    term,
    committee_code,
    committee,
    meeting_number,
    meeting_date,
    title,
    ward,
    addresses,
    first_vote_date,
    has_recorded_vote,
    sort_key as _sort,
    ward_ids as f_wards
from int_agenda_items
