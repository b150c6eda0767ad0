-- L1 features: registration → agenda item ("the registration's subject matter is the matter decided in the item").
-- Blocking (near-linear): an item is a candidate when it shares an informative keyword with the particulars and
-- was decided near the registration's active period, or names the same site, or its planning file number is cited.
-- Features: IDF-weighted keyword overlap both ways, Jaccard, shared numbers, same site / ward, file number cited,
-- date fit, subject-category agreement through the topic taxonomy, and the candidate's rank for the registration.
with registrations as (
    select id, particulars, subjects, initial_approval_date from int_registrations
),

agenda_items as (
    select id, title, committee_code, meeting_date, council_meeting_date, subject_terms, planning_application_number,
        coalesce(council_meeting_date, meeting_date, first_vote_date) as decided_date
    from int_agenda_items
),

terms as (
    select * from lnk_l1_terms
),

communications as (
    select registration_id, min(date) as first_contact, max(date) as last_contact, count(*) as contacts
    from int_communications_resolved
    where date is not null -- undated communications are quarantined and cannot place the lobbying in time
    group by registration_id
),

registration_sites as (
    select registration_id, site_id, ward from int_registration_sites
),

item_sites as (
    select i.agenda_item_id, i.site_id, s.ward, s.address
    from int_agenda_item_sites as i
    inner join int_sites as s on s.id = i.site_id
),

topics as (
    select topic_id, registry_subjects, keywords from stg_seeds__topics
),

-- logical CTEs

activity as (
    -- the registration's active period: approval to its last dated contact (at least the approval day)
    select r.id as registration_id, r.initial_approval_date as period_start,
        greatest(r.initial_approval_date, c.last_contact) as period_end, c.first_contact, c.last_contact,
        coalesce(c.contacts, 0) as contacts
    from registrations as r
    left join communications as c on c.registration_id = r.id
),

limits as (
    -- a term found in more than 2 % of items (at least 3) is too common to propose candidates on its own
    select greatest(3, ceil(0.02 * count(*))) as max_df from agenda_items
),

keyword_block as (
    select distinct r.record_id as registration_id, i.record_id as agenda_item_id
    from terms as r
    inner join terms as i on i.term = r.term and i.side = 'agenda_item'
    cross join limits as l
    where r.side = 'registration'
      and r.item_df <= l.max_df -- the inverted-index join runs on rare terms only, so it grows near-linearly
),

keyword_candidates as (
    select k.*
    from keyword_block as k
    inner join activity as a using (registration_id)
    inner join agenda_items as i on i.id = k.agenda_item_id
    -- a keyword match counts only for items decided from half a year before approval to a year after the last
    -- contact: lobbying is registered before the decision and the registry closes long after it
    where i.decided_date between a.period_start - interval 180 day and a.period_end + interval 365 day
),

site_candidates as (
    select distinct r.registration_id, s.agenda_item_id
    from registration_sites as r
    inner join item_sites as s using (site_id)
),

file_candidates as (
    select r.id as registration_id, i.id as agenda_item_id
    from registrations as r
    inner join agenda_items as i
        -- the item's planning file number quoted in the particulars (`file 21 178444 ESC 20 OZ`)
        on i.planning_application_number is not null
        and contains(r.particulars, i.planning_application_number)
),

candidates as (
    select * from keyword_candidates
    union
    select * from site_candidates
    union
    select * from file_candidates
),

shared as (
    select c.registration_id, c.agenda_item_id,
        list(r.term order by r.idf desc, r.term) as matched_terms,
        sum(r.idf) as shared_idf,
        count(*) as shared_terms,
        max(case when regexp_matches(r.term, '^[0-9]+$') then 1 else 0 end) as shared_number
    from candidates as c
    inner join terms as r on r.side = 'registration' and r.record_id = c.registration_id
    inner join terms as i on i.side = 'agenda_item' and i.record_id = c.agenda_item_id and i.term = r.term
    group by all
),

registration_weight as (
    -- the registration's words that occur in some item title: only those can be matched
    select record_id as registration_id, sum(idf) filter (where item_df > 0) as idf_total, count(*) as n_terms
    from terms where side = 'registration' group by all
),

item_weight as (
    select record_id as agenda_item_id, sum(idf) as idf_total, count(*) as n_terms
    from terms where side = 'agenda_item' group by all
),

site_match as (
    select c.registration_id, c.agenda_item_id,
        max(case when r.site_id = s.site_id then 1 else 0 end) as same_site,
        max(case when r.ward = s.ward then 1 else 0 end) as same_ward,
        list(distinct s.address) filter (where r.site_id = s.site_id) as shared_addresses
    from candidates as c
    inner join registration_sites as r using (registration_id)
    inner join item_sites as s using (agenda_item_id)
    group by all
),

item_topics as (
    -- the taxonomy topics an item's title or subject terms name, and the registry subjects they belong to
    select i.id as agenda_item_id, list(distinct s) as item_subjects
    from agenda_items as i
    inner join topics as t
        on list_bool_or(list_transform(t.keywords, k -> regexp_matches(lower(i.title || ' ' || coalesce(i.subject_terms, '')),
            '\b' || lower(k) || '(s|es)?\b')))
    cross join unnest(t.registry_subjects) as u(s)
    group by all
),

scored as (
    select
        registration_id, agenda_item_id, r.particulars, r.subjects, i.title, i.committee_code, i.decided_date,
        i.meeting_date, i.council_meeting_date, i.planning_application_number, a.period_start, a.period_end,
        a.first_contact, a.last_contact, a.contacts,
        coalesce(sh.matched_terms, []) as matched_terms,
        coalesce(sh.shared_idf / nullif(rw.idf_total, 0), 0) as keyword_coverage,
        coalesce(sh.shared_idf / nullif(iw.idf_total, 0), 0) as title_coverage,
        coalesce(sh.shared_terms / nullif(rw.n_terms + iw.n_terms - sh.shared_terms, 0), 0) as keyword_jaccard,
        coalesce(sh.shared_number, 0) as shared_number,
        coalesce(sm.same_site, 0) as same_site,
        coalesce(sm.same_ward, 0) as same_ward,
        coalesce(sm.shared_addresses, []) as shared_addresses,
        case when f.agenda_item_id is not null then 1 else 0 end as file_number_cited,
        -- years the decision falls outside [approval, last contact + 45 days]; 0 inside
        least(3, greatest(0, date_diff('day', i.decided_date, a.period_start),
            date_diff('day', a.period_end + interval 45 day, i.decided_date)) / 365.0) as years_outside_period,
        case when i.decided_date between a.period_start and a.period_end + interval 45 day then 1 else 0 end as in_period,
        -- closeness of the decision to the last contact: lobbying stops around the decision
        exp(-abs(date_diff('day', coalesce(a.last_contact, a.period_start), i.decided_date)) / 90.0) as contact_proximity,
        case when len(list_intersect(coalesce(it.item_subjects, []), coalesce(r.subjects, []))) > 0 then 1 else 0 end as subject_agreement
    from candidates as c
    inner join registrations as r on r.id = c.registration_id
    inner join agenda_items as i on i.id = c.agenda_item_id
    inner join activity as a using (registration_id)
    left join shared as sh using (registration_id, agenda_item_id)
    left join registration_weight as rw using (registration_id)
    left join item_weight as iw using (agenda_item_id)
    left join site_match as sm using (registration_id, agenda_item_id)
    left join file_candidates as f using (registration_id, agenda_item_id)
    left join item_topics as it using (agenda_item_id)
),

ranked as (
    -- one registration is usually about one matter: the best candidate by text, site and time, and how many
    -- candidates carry the same title (a repeated title such as a yearly budget is decided by time alone)
    select *,
        keyword_coverage + title_coverage + same_site + file_number_cited as match_strength,
        case when row_number() over (partition by registration_id
            order by keyword_coverage + title_coverage + same_site + file_number_cited desc,
                years_outside_period, contact_proximity desc, agenda_item_id) = 1 then 1 else 0 end as best_for_registration,
        count(*) over (partition by registration_id, title) - 1 as same_title_rivals
    from scored
),

final as (
    select
        'L1' as task,
        'registration' as from_type,
        registration_id as from_id,
        'agenda_item' as to_type,
        agenda_item_id as to_id,
        map {
            'keyword_coverage': keyword_coverage, 'title_coverage': title_coverage, 'keyword_jaccard': keyword_jaccard,
            'shared_number': shared_number::double, 'same_site': same_site::double, 'same_ward': same_ward::double,
            'file_number_cited': file_number_cited::double, 'in_period': in_period::double,
            'years_outside_period': years_outside_period, 'contact_proximity': contact_proximity,
            'subject_agreement': subject_agreement::double, 'best_for_registration': best_for_registration::double,
            'same_title_rivals': ln(1 + same_title_rivals)
        } as x,
        json_object(
            'features', [
                {'name': 'keyword_coverage', 'label': 'share of the particulars'' informative words (IDF-weighted) found in the item title', 'value': round(keyword_coverage, 4)},
                {'name': 'title_coverage', 'label': 'share of the item title''s informative words (IDF-weighted) found in the particulars', 'value': round(title_coverage, 4)},
                {'name': 'keyword_jaccard', 'label': 'Jaccard similarity of the two sets of informative words', 'value': round(keyword_jaccard, 4)},
                {'name': 'shared_number', 'label': 'a street, file or year number appears in both', 'value': shared_number},
                {'name': 'same_site', 'label': 'the particulars and the item name the same site', 'value': same_site},
                {'name': 'same_ward', 'label': 'a site of the registration and a site of the item are in the same ward', 'value': same_ward},
                {'name': 'file_number_cited', 'label': 'the particulars quote the item''s planning file number', 'value': file_number_cited},
                {'name': 'in_period', 'label': 'the item was decided between approval and 45 days after the last contact', 'value': in_period},
                {'name': 'years_outside_period', 'label': 'years between the decision and that period (0 inside, at most 3)', 'value': round(years_outside_period, 4)},
                {'name': 'contact_proximity', 'label': 'closeness of the decision to the last contact, exp(-days/90)', 'value': round(contact_proximity, 4)},
                {'name': 'subject_agreement', 'label': 'a registry subject of the registration belongs to a taxonomy topic the item names', 'value': subject_agreement},
                {'name': 'best_for_registration', 'label': 'the best candidate of this registration by text, site and date', 'value': best_for_registration},
                {'name': 'same_title_rivals', 'label': 'other candidate items of this registration with the same title', 'value': same_title_rivals}
            ],
            'registration', {'id': registration_id, 'particulars': particulars, 'subjects': subjects,
                'initial_approval_date': period_start, 'first_contact': first_contact, 'last_contact': last_contact,
                'communications': contacts},
            'agenda_item', {'id': agenda_item_id, 'title': title, 'committee_code': committee_code,
                'meeting_date': meeting_date, 'council_meeting_date': council_meeting_date,
                'planning_application_number': planning_application_number},
            'matched_keywords', matched_terms,
            'shared_sites', shared_addresses,
            'decided_date', decided_date
        ) as evidence,
        json_object() as extra
    from ranked
)

select * from final
