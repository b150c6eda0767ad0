-- Agenda items: TMMIS records (one per reference, highest agendaItemId kept) joined with the items that have
-- recorded votes, including voted items missing from the TMMIS extract.
with tmmis_ranked as (
    select
        *,
        -- the same reference can come back with several agendaItemIds; the highest is the current record
        row_number() over (partition by agenda_item_id order by tmmis_agenda_item_id desc nulls last, source_position) as rn
    from stg_tmmis__agenda_items
    where agenda_item_id is not null
),

tmmis as (
    select * exclude (rn) from tmmis_ranked where rn = 1
),

voted as (
    select
        agenda_item_id,
        any_value(term) as term,
        arg_min(committee, source_position) as committee,
        arg_min(agenda_item_title, source_position) as title,
        min(vote_date) as first_vote_date
    from stg_votes__votes
    where agenda_item_id is not null
    group by agenda_item_id
),

joined as (
    select
        coalesce(t.agenda_item_id, v.agenda_item_id) as id,
        coalesce(t.term, v.term) as term,
        coalesce(t.committee_code, regexp_extract(coalesce(t.agenda_item_id, v.agenda_item_id), '^\d{4}\.([A-Z]+)\d+\.', 1)) as committee_code,
        coalesce(t.decision_body_name, v.committee) as decision_body_name,
        coalesce(t.meeting_number, try_cast(regexp_extract(coalesce(t.agenda_item_id, v.agenda_item_id), '^\d{4}\.[A-Z]+(\d+)\.', 1) as integer)) as meeting_number,
        coalesce(t.meeting_date, v.first_vote_date) as meeting_date,
        coalesce(t.title, v.title) as title,
        coalesce(t.ward_ids, []) as ward_ids,
        coalesce(t.addresses, []) as addresses,
        v.first_vote_date,
        case when v.agenda_item_id is not null then 1 else 0 end as has_recorded_vote,
        t.item_status,
        t.summary,
        t.subject_terms,
        t.planning_application_number,
        t.tmmis_agenda_item_id
    from tmmis as t
    full outer join voted as v using (agenda_item_id)
),

final as (
    select
        j.*,
        -- the committee name in force in that term (codes are reused and bodies renamed between terms)
        coalesce(c.committee, j.decision_body_name) as committee,
        case when len(j.ward_ids) = 1 then j.ward_ids[1] end as ward,
        regexp_extract(j.id, '^(\d{4})\.([A-Z]+)(\d+)\.(\d+)([a-z]?)$', ['year', 'code', 'meeting', 'item', 'suffix']) as id_parts
    from joined as j
    left join int_committees as c on c.term = j.term and c.committee_code = j.committee_code
    where regexp_matches(j.id, '^\d{4}\.[A-Z]{2,3}\d+\.\d+[a-z]?$') -- malformed references are reported by qa_invalid_values
)

select
    * exclude (id_parts, decision_body_name),
    -- natural order of item ids: year, committee code, meeting number, item number
    id_parts.year || '.' || rpad(id_parts.code, 3, ' ') || '.' || lpad(id_parts.meeting, 6, '0') || '.'
        || lpad(id_parts.item, 6, '0') || id_parts.suffix as sort_key
from final
