-- L1 features: registration → agenda item ("the registration's subject matter is the matter decided in the item").
-- Blocking (near-linear): an item is a candidate when it shares an informative keyword with the particulars and
-- was decided near the registration's active period, or names the same site, or its planning file number is cited.
-- Features: IDF-weighted keyword overlap both ways, a year conflict, same / other site and ward, file number cited,
-- closeness of the decision to the last contact, subject-category agreement through the topic taxonomy, and how the
-- candidate compares with the registration's other candidates (fit margin, equally strong rivals, and against
-- look-alike titles — a yearly budget, a project's next report, a deferral — which is decided closer in time).
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
        -- floating-point sums in one fixed order (a parallel sum adds in any order, and the last bits decide ties
        -- between candidates): the same features every night
        list_sum(list(r.idf order by r.term)) as shared_idf
    from candidates as c
    inner join terms as r on r.side = 'registration' and r.record_id = c.registration_id
    inner join terms as i on i.side = 'agenda_item' and i.record_id = c.agenda_item_id and i.term = r.term
    group by all
),

registration_weight as (
    -- the registration's words that occur in some item title: only those can be matched
    select record_id as registration_id, list_sum(list(idf order by term) filter (where item_df > 0)) as idf_total, count(*) as n_terms
    from terms where side = 'registration' group by all
),

item_weight as (
    select record_id as agenda_item_id, list_sum(list(idf order by term)) as idf_total, count(*) as n_terms
    from terms where side = 'agenda_item' group by all
),

site_match as (
    select c.registration_id, c.agenda_item_id,
        max(case when r.site_id = s.site_id then 1 else 0 end) as same_site,
        max(case when r.ward = s.ward then 1 else 0 end) as same_ward,
        list_sort(list(distinct s.address) filter (where r.site_id = s.site_id)) as shared_addresses -- sorted: evidence bytes are stable
    from candidates as c
    inner join registration_sites as r using (registration_id)
    inner join item_sites as s using (agenda_item_id)
    group by all
),

item_texts as (
    -- each item's title and subject terms, lower-cased once (not once per topic keyword)
    select id as agenda_item_id, lower(title || ' ' || coalesce(subject_terms, '')) as text from agenda_items
),

topic_keywords as (
    select t.topic_id, lower(k) as keyword from topics as t cross join unnest(t.keywords) as u(k)
),

item_keyword_hits as materialized (
    -- the keywords are plain words, so an item can name one only if its text contains it: that cheap test first
    -- (materialized, so the optimizer cannot put the word-boundary pattern, compiled for every pair, before it)
    select x.agenda_item_id, x.text, k.topic_id, k.keyword
    from item_texts as x
    inner join topic_keywords as k on contains(x.text, k.keyword)
),

item_topic_matches as (
    -- the taxonomy topics an item's title or subject terms name: a keyword as a word (plural s/es allowed)
    select distinct agenda_item_id, topic_id
    from item_keyword_hits
    where regexp_matches(text, '\b' || keyword || '(s|es)?\b') -- a whole word, not part of a longer one
),

item_topics as (
    -- the registry subjects of the topics an item names
    select m.agenda_item_id, list(distinct s) as item_subjects
    from item_topic_matches as m
    inner join topics as t using (topic_id)
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
        -- both name a year and no year in common ("2019 community investment funding" vs "… Allocations - 2020")
        case when len(regexp_extract_all(r.particulars, '\b(?:19|20)[0-9]{2}\b')) > 0 and len(regexp_extract_all(i.title, '\b(?:19|20)[0-9]{2}\b')) > 0
            and len(list_intersect(regexp_extract_all(r.particulars, '\b(?:19|20)[0-9]{2}\b'), regexp_extract_all(i.title, '\b(?:19|20)[0-9]{2}\b'))) = 0
            then 1 else 0 end as year_conflict,
        coalesce(sm.same_site, 0) as same_site,
        -- the particulars name sites, and none is the item's
        case when sm.same_site = 0 then 1 else 0 end as other_site_named,
        coalesce(sm.same_ward, 0) as same_ward,
        coalesce(sm.shared_addresses, []) as shared_addresses,
        case when f.agenda_item_id is not null then 1 else 0 end as file_number_cited,
        i.decided_date between a.period_start and a.period_end + interval 45 day as in_period,
        -- closeness of the decision to the last contact: lobbying stops around the decision
        exp(-abs(date_diff('day', coalesce(a.last_contact, a.period_start), i.decided_date)) / 90.0) as contact_proximity,
        abs(date_diff('day', coalesce(a.last_contact, a.period_start), i.decided_date)) as days_from_contact,
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

fitted as (
    select *,
        -- the title's family: years and ward numbers masked, a member's motion's wrapping ("Requesting a report on
        -- <title> - by Councillor X, seconded by …") and report-stage, update and ward tails dropped, so that "2019
        -- Capital and Operating Budgets" and "2020 …", "… - Request for Direction Report" and "… - Final Report", a
        -- programme, its update and its ward-level follow-up fall together; look-alikes are told apart by date
        regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(coalesce(title, '')), '\b(19|20)[0-9]{2}\b|\bward [0-9]+', '#', 'g'),
            '^(requesting a report on|supporting|reviewing|directing action on) ', ''),
            '\s+-\s+by councillor .*$', ''),
            '(\s+-\s+(preliminary report|request for directions?( report)?|final report|decision report|approval|supplementary report|project update|progress update|program update|update|phase \w+|#( .*)?))+$', '') as title_family,
        -- text, site and file evidence; and with the date, how well a candidate fits overall, on evidence a reader
        -- can check (the words, the site, the quoted file, the decision near the last contact)
        keyword_coverage + title_coverage + same_site + file_number_cited as match_strength,
        keyword_coverage + title_coverage + same_site + file_number_cited + contact_proximity as overall_fit
    from scored
),

ranked as (
    -- comparisons within the registration's own candidates: a bigger agenda proposes more candidates, so what counts
    -- is how a candidate compares with the others, not how many candidates there are
    select *,
        -- the overall fit against the best other candidate: a clear winner (up to 2) or not (down to -2)
        greatest(-2, least(2, overall_fit - coalesce(max(overall_fit) over (partition by registration_id
            order by overall_fit desc rows between unbounded preceding and unbounded following exclude current row), 0))) as fit_margin,
        -- the best candidate overall (words, site, file and date; lnk_l2 reads it: an item's planning file counts
        -- for the registration through its best item, so of two applications on one site the one decided nearer wins)
        case when row_number() over (partition by registration_id
            order by overall_fit desc, match_strength desc, agenda_item_id) = 1 then 1 else 0 end as best_for_registration,
        -- other candidates whose text, site and file evidence is as strong (within 0.02): they fit equally well
        count(*) over (partition by registration_id order by match_strength range between 0.02 preceding and unbounded following) - 1 as strength_ties,
        count(*) over (partition by registration_id, title_family) - 1 as lookalikes,
        -- days (/90) by which the decision is closer to the last contact than the nearest look-alike's (-2 to 2; 2
        -- without a look-alike)
        greatest(-2, least(2, coalesce((min(days_from_contact) over (partition by registration_id, title_family
            order by days_from_contact rows between unbounded preceding and unbounded following exclude current row)
            - days_from_contact) / 90.0, 2))) as lookalike_date_margin
    from fitted
),

final as (
    select
        'L1' as task,
        'registration' as from_type,
        registration_id as from_id,
        'agenda_item' as to_type,
        agenda_item_id as to_id,
        map {
            'keyword_coverage': keyword_coverage, 'title_coverage': title_coverage, 'year_conflict': year_conflict::double,
            'same_site': same_site::double, 'other_site_named': other_site_named::double, 'same_ward': same_ward::double,
            'file_number_cited': file_number_cited::double, 'contact_proximity': contact_proximity,
            'subject_agreement': subject_agreement::double, 'in_period': in_period::int::double,
            'best_for_registration': best_for_registration::double, 'fit_margin': fit_margin,
            'lookalike_date_margin': lookalike_date_margin, 'strength_ties': ln(1 + strength_ties)
        } as x,
        json_object(
            'features', [
                {'name': 'keyword_coverage', 'label': 'share of the particulars'' informative words (IDF-weighted) found in the item title', 'value': round(keyword_coverage, 4)},
                {'name': 'title_coverage', 'label': 'share of the item title''s informative words (IDF-weighted) found in the particulars', 'value': round(title_coverage, 4)},
                {'name': 'year_conflict', 'label': 'both name a year, and not the same one', 'value': year_conflict},
                {'name': 'same_site', 'label': 'the particulars and the item name the same site', 'value': same_site},
                {'name': 'other_site_named', 'label': 'the particulars name sites, none of them the item''s', 'value': other_site_named},
                {'name': 'same_ward', 'label': 'a site of the registration and a site of the item are in the same ward', 'value': same_ward},
                {'name': 'file_number_cited', 'label': 'the particulars quote the item''s planning file number', 'value': file_number_cited},
                {'name': 'contact_proximity', 'label': 'closeness of the decision to the last contact, exp(-days/90)', 'value': round(contact_proximity, 4)},
                {'name': 'subject_agreement', 'label': 'a registry subject of the registration belongs to a taxonomy topic the item names', 'value': subject_agreement},
                {'name': 'in_period', 'label': 'the item was decided between approval and 45 days after the last contact', 'value': in_period::int},
                {'name': 'best_for_registration', 'label': 'the best candidate of this registration by words, site, file and date', 'value': best_for_registration},
                {'name': 'fit_margin', 'label': 'overall fit (words, site, file, date) minus that of the best other candidate (-2 to 2)', 'value': round(fit_margin, 4)},
                {'name': 'lookalike_date_margin', 'label': 'days (/90) by which the decision is closer to the last contact than that of the nearest look-alike title (-2 to 2; 2 without one)', 'value': round(lookalike_date_margin, 4)},
                {'name': 'strength_ties', 'label': 'other candidates whose words, site and file fit as well', 'value': strength_ties}
            ],
            'registration', {'id': registration_id, 'particulars': particulars, 'subjects': subjects,
                'initial_approval_date': period_start, 'first_contact': first_contact, 'last_contact': last_contact,
                'communications': contacts},
            'agenda_item', {'id': agenda_item_id, 'title': title, 'committee_code': committee_code,
                'meeting_date': meeting_date, 'council_meeting_date': council_meeting_date,
                'planning_application_number': planning_application_number},
            'matched_keywords', matched_terms,
            'shared_sites', shared_addresses,
            'decided_date', decided_date,
            'title_family', title_family,
            'lookalike_candidates', lookalikes
        ) as evidence,
        json_object() as extra
    from ranked
)

select * from final
