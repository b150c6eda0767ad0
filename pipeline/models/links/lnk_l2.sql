-- L2 features: registration → development or Committee of Adjustment application ("the lobbying concerns that
-- application"). Blocking: the application's site is a site the particulars name, or its file number is quoted in
-- the particulars, or it is the planning file of an agenda item that L1 proposes for the registration.
-- Features: same site, address similarity, file number quoted, L1 evidence through the item, submission date
-- against the registration's period, and how many applications share the site (a busy site is ambiguous).
with registrations as (
    select id, particulars, initial_approval_date from int_registrations
),

applications as (
    select id, kind, type, address, submitted, site_ids, description from int_applications
),

registration_sites as (
    select registration_id, site_id from int_registration_sites
),

mentions as (
    select record_id as registration_id, address_key, address_text from int_site_mentions
    where source = 'registration' -- addresses typed in the particulars, as written
),

sites as (
    select id as site_id, address_key from int_sites
),

l1_candidates as (
    select from_id as registration_id, to_id as agenda_item_id,
        x['keyword_coverage'] as keyword_coverage, x['title_coverage'] as title_coverage,
        x['best_for_registration'] as best_for_registration, x['subject_agreement'] as subject_agreement
    from lnk_l1
),

agenda_items as (
    select id, title, planning_application_number from int_agenda_items
    where planning_application_number is not null -- only items with a planning file lead to an application
),

communications as (
    select registration_id, max(date) as last_contact from int_communications_resolved
    where date is not null -- undated communications cannot place the lobbying in time
    group by registration_id
),

-- logical CTEs

application_sites as (
    select a.id as application_id, u.site_id from applications as a, unnest(a.site_ids) as u(site_id)
),

site_block as (
    select distinct r.registration_id, s.application_id
    from registration_sites as r
    inner join application_sites as s using (site_id)
),

file_block as (
    select r.id as registration_id, a.id as application_id
    from registrations as r
    -- the application's file number quoted in the particulars
    inner join applications as a on contains(r.particulars, a.id)
),

item_block as (
    select c.registration_id, i.planning_application_number as application_id,
        max((c.keyword_coverage + c.title_coverage) / 2) as item_match,
        max(c.best_for_registration) as item_best,
        max(c.subject_agreement) as item_subject_agreement,
        arg_max(i.id, c.keyword_coverage + c.title_coverage) as via_item_id,
        arg_max(i.title, c.keyword_coverage + c.title_coverage) as via_item_title
    from l1_candidates as c
    inner join agenda_items as i on i.id = c.agenda_item_id
    where i.planning_application_number in (select id from applications) -- the file must exist in the open data
    group by all
),

candidates as (
    select registration_id, application_id from site_block
    union
    select registration_id, application_id from file_block
    union
    select registration_id, application_id from item_block
),

address_match as (
    select c.registration_id, c.application_id,
        max(jaro_winkler_similarity(upper(m.address_text), upper(a.address))) as address_similarity,
        arg_max(m.address_text, jaro_winkler_similarity(upper(m.address_text), upper(a.address))) as registration_address
    from candidates as c
    inner join mentions as m using (registration_id)
    inner join applications as a on a.id = c.application_id
    group by all
),

site_load as (
    -- applications filed on each site: several files on one site make a site match less specific
    select site_id, count(*) as applications from application_sites group by site_id
),

site_match as (
    select s.registration_id, s.application_id, 1 as same_site,
        min(l.applications) as site_applications
    from site_block as s
    inner join application_sites as a using (application_id)
    inner join registration_sites as r on r.registration_id = s.registration_id and r.site_id = a.site_id
    inner join site_load as l on l.site_id = a.site_id
    group by all
),

features as (
    select
        c.registration_id, c.application_id, r.particulars, r.initial_approval_date, k.last_contact,
        a.kind, a.type, a.address, a.submitted, a.description,
        coalesce(sm.same_site, 0) as same_site,
        ln(coalesce(sm.site_applications, 1)) as site_busy,
        coalesce(am.address_similarity, 0) as address_similarity,
        am.registration_address,
        case when f.application_id is not null then 1 else 0 end as file_number_cited,
        case when ib.application_id is not null then 1 else 0 end as via_item,
        coalesce(ib.item_match, 0) as via_item_match,
        coalesce(ib.item_best, 0) as via_item_best,
        coalesce(ib.item_subject_agreement, 0) as via_item_subject_agreement,
        ib.via_item_id, ib.via_item_title,
        case when a.kind = 'development' then 1 else 0 end as planning_file,
        -- years between submission and [approval − 3 years, last contact]: applications are filed before or
        -- while the lobbying runs, often years before the registration
        least(5, greatest(0,
            date_diff('day', a.submitted, r.initial_approval_date - interval 1095 day),
            date_diff('day', greatest(r.initial_approval_date, k.last_contact), a.submitted)) / 365.0) as years_outside_period,
        -- other applications proposed for the same registration: a vague description fits several files
        ln(count(*) over (partition by c.registration_id)) as rivals
    from candidates as c
    inner join registrations as r on r.id = c.registration_id
    inner join applications as a on a.id = c.application_id
    left join communications as k on k.registration_id = c.registration_id
    left join site_match as sm on sm.registration_id = c.registration_id and sm.application_id = c.application_id
    left join address_match as am on am.registration_id = c.registration_id and am.application_id = c.application_id
    left join file_block as f on f.registration_id = c.registration_id and f.application_id = c.application_id
    left join item_block as ib on ib.registration_id = c.registration_id and ib.application_id = c.application_id
),

final as (
    select
        'L2' as task,
        'registration' as from_type,
        registration_id as from_id,
        'application' as to_type,
        application_id as to_id,
        map {
            'same_site': same_site::double, 'site_busy': site_busy, 'address_similarity': address_similarity,
            'file_number_cited': file_number_cited::double, 'via_item': via_item::double,
            'via_item_match': via_item_match, 'via_item_best': via_item_best,
            'via_item_subject_agreement': via_item_subject_agreement, 'planning_file': planning_file::double,
            'years_outside_period': coalesce(years_outside_period, 5), 'rivals': rivals
        } as x,
        json_object(
            'features', [
                {'name': 'same_site', 'label': 'an address in the particulars is a site of the application', 'value': same_site},
                {'name': 'site_busy', 'label': 'ln(applications filed on that site)', 'value': round(site_busy, 4)},
                {'name': 'address_similarity', 'label': 'Jaro-Winkler similarity of the typed address and the application address', 'value': round(address_similarity, 4)},
                {'name': 'file_number_cited', 'label': 'the particulars quote the application''s file number', 'value': file_number_cited},
                {'name': 'via_item', 'label': 'the application is the planning file of an agenda item proposed for the registration (L1 candidate)', 'value': via_item},
                {'name': 'via_item_match', 'label': 'keyword match of that agenda item with the particulars', 'value': round(via_item_match, 4)},
                {'name': 'via_item_best', 'label': 'that agenda item is the registration''s best L1 candidate', 'value': via_item_best},
                {'name': 'via_item_subject_agreement', 'label': 'a registry subject of the registration matches the topic of that agenda item', 'value': via_item_subject_agreement},
                {'name': 'planning_file', 'label': 'a planning application (not Committee of Adjustment)', 'value': planning_file},
                {'name': 'years_outside_period', 'label': 'years the submission lies outside [approval − 3 years, last contact]', 'value': round(coalesce(years_outside_period, 5), 4)},
                {'name': 'rivals', 'label': 'ln(applications proposed for this registration)', 'value': round(rivals, 4)}
            ],
            'registration', {'id': registration_id, 'particulars': particulars, 'initial_approval_date': initial_approval_date,
                'last_contact': last_contact, 'address_typed': registration_address},
            'application', {'id': application_id, 'kind': kind, 'type': type, 'address': address, 'submitted': submitted,
                'description': description},
            'agenda_item', {'id': via_item_id, 'title': via_item_title}
        ) as evidence,
        json_object() as extra
    from features
)

select * from final
