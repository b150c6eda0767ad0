-- Agenda items: one per TMMIS reference (the item's own committee record, with Council's later decision), joined
-- with the items that have recorded votes, including voted items missing from the TMMIS extract.
with records as (
    select * from stg_tmmis__agenda_items where agenda_item_id is not null
),

per_meeting as (
    -- the same reference and meeting can come back with several agendaItemIds; the highest is the current record
    select * from records
    qualify row_number() over (partition by agenda_item_id, meeting_id
        order by tmmis_agenda_item_id desc nulls last, source_position) = 1
),

tmmis as (
    -- an item considered by a committee and then by Council has a record at each meeting; the item's own record is
    -- its committee's (City Council's only for Council's own codes), the first such meeting
    select * from per_meeting
    qualify row_number() over (partition by agenda_item_id order by
        case when committee_code in ('CC', 'MM', 'FM') or decision_body_name <> 'City Council' then 0 else 1 end,
        meeting_date nulls last, tmmis_agenda_item_id desc nulls last) = 1
),

decisions as (
    -- the latest status (Council's decision when the item went on to Council) and the Council meeting date
    select
        agenda_item_id,
        arg_max(item_status, (meeting_date, tmmis_agenda_item_id)) as final_status,
        min(meeting_date) filter (where decision_body_name = 'City Council') as council_meeting_date
    from per_meeting
    group by agenda_item_id
),

voted as (
    -- a vote row without Date/Time (all of 2006-2010, inaugural meetings) is dated by the meeting of the voting body
    select
        v.agenda_item_id,
        any_value(v.term) as term,
        arg_min(v.committee, v.source_position) as committee,
        arg_min(v.agenda_item_title, v.source_position) as title,
        min(coalesce(v.vote_date, m.meeting_date)) as first_vote_date
    from stg_votes__votes as v
    left join per_meeting as m on m.agenda_item_id = v.agenda_item_id and m.decision_body_name = v.committee
    where v.agenda_item_id is not null
    group by v.agenda_item_id
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
        -- wards as TMMIS gives them; int_agenda_item_wards keeps those of the ward model of the meeting date
        coalesce(t.ward_ids, []) as source_ward_ids,
        coalesce(t.addresses, []) as addresses,
        v.first_vote_date,
        case when v.agenda_item_id is not null then 1 else 0 end as has_recorded_vote,
        d.final_status as item_status,
        d.council_meeting_date,
        t.summary,
        t.subject_terms,
        t.planning_application_number,
        t.tmmis_agenda_item_id,
        -- the item's own TMMIS record, where the data-quality report points for a value it could not use
        t.source_file,
        t.source_position
    from tmmis as t
    full outer join voted as v using (agenda_item_id)
    left join decisions as d on d.agenda_item_id = coalesce(t.agenda_item_id, v.agenda_item_id)
),

final as (
    select
        j.*,
        -- the committee name in force in that term (codes are reused and bodies renamed between terms)
        coalesce(c.committee, j.decision_body_name) as committee,
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
