-- L2 features: registration → development or Committee of Adjustment application ("the lobbying concerns that
-- application"). Blocking: the application's site is a site the particulars name, or its file number is quoted in
-- the particulars, or it is the planning file of an agenda item that L1 proposes for the registration, or it lies
-- on a street the particulars name within 20 numbers of the typed number (a typed address is often a neighbour of
-- the file's own, a range's other end, or lacks the street's direction).
-- Features: same site, address similarity, how far the typed number is from the application's on that street and
-- whether only the street's twin (Queen St E for Queen St W) matches, file number quoted, L1 evidence through the
-- item, submission date against the registration's period, and how many applications share the site.
with registrations as (
    select id, particulars, initial_approval_date, subjects[1] as first_subject from int_registrations
),

applications as (
    select id, kind, type, address, submitted, site_ids, description from int_applications
),

registration_sites as (
    select registration_id, site_id from int_registration_sites
),

mentions as (
    select record_id as registration_id, address_key, address_text, street_name, street_key, street_number
    from int_site_mentions
    where source = 'registration' -- addresses typed in the particulars, as written
),

application_mentions as (
    -- every address row of an application; a range (`121-125`) covers the numbers between its ends
    select record_id as application_id, street_name, street_key, street_number as lo,
        coalesce(try_cast(nullif(regexp_extract(number_text, '^[0-9]+ *- *([0-9]+)', 1), '') as integer), street_number) as hi
    from int_site_mentions
    where source in ('development', 'coa') and street_number is not null
),

sites as (
    select id as site_id, address_key from int_sites
),

l1_candidates as (
    select from_id as registration_id, to_id as agenda_item_id,
        x['keyword_coverage'] as keyword_coverage, x['title_coverage'] as title_coverage,
        x['best_for_registration'] as best_for_registration, x['subject_agreement'] as subject_agreement,
        x['in_period'] as in_period
    from lnk_l1
),

agenda_items as (
    select id, title, planning_application_number from int_agenda_items
    where planning_application_number is not null -- only items with a planning file lead to an application
),

typed_addresses as (
    select distinct registration_id from mentions where street_number is not null
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

street_pairs as (
    -- numbers apart on the same street name: 0 when the typed number is inside the application's range
    select m.registration_id, a.application_id,
        min(greatest(0, a.lo - m.street_number, m.street_number - a.hi)) filter (where a.street_key = m.street_key) as same_street_gap,
        min(greatest(0, a.lo - m.street_number, m.street_number - a.hi)) as street_name_gap
    from mentions as m
    inner join application_mentions as a
        on a.street_name = m.street_name and a.lo <= m.street_number + 20 and a.hi >= m.street_number - 20
    where m.street_number is not null
    group by all
),

street_block as (
    select registration_id, application_id from street_pairs
),

particulars_pieces as (
    -- every four-character piece of the particulars: a file number can be quoted in them only if its first four
    -- characters are one of these, so a hash join on them replaces testing every registration × application
    select distinct r.id as registration_id, substr(r.particulars, u.position, 4) as piece
    from registrations as r
    cross join unnest(range(1, length(r.particulars) + 1)) as u(position)
),

file_block as (
    select r.id as registration_id, a.id as application_id
    from particulars_pieces as p
    inner join applications as a on left(a.id, 4) = p.piece
    inner join registrations as r on r.id = p.registration_id
    where contains(r.particulars, a.id) -- the application's file number quoted in the particulars
    union all
    select r.id, a.id
    from registrations as r
    inner join applications as a on contains(r.particulars, a.id)
    where length(a.id) < 4 -- a file number shorter than a piece: tested against every registration
),

item_block as (
    select c.registration_id, i.planning_application_number as application_id,
        max((c.keyword_coverage + c.title_coverage) / 2) as item_match,
        max(c.best_for_registration) as item_best,
        max(c.subject_agreement) as item_subject_agreement,
        -- the item was decided while the registration's lobbying ran (L1's in_period)
        max(c.in_period) as item_in_period,
        -- ties broken by item id (both columns from the same item)
        arg_max(i.id, (c.keyword_coverage + c.title_coverage, i.id)) as via_item_id,
        arg_max(i.title, (c.keyword_coverage + c.title_coverage, i.id)) as via_item_title
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
    union
    select registration_id, application_id from street_block
),

address_match as (
    select c.registration_id, c.application_id,
        max(jaro_winkler_similarity(upper(m.address_text), upper(a.address))) as address_similarity,
        arg_max(m.address_text, (jaro_winkler_similarity(upper(m.address_text), upper(a.address)), m.address_text)) as registration_address
    from candidates as c
    inner join mentions as m using (registration_id)
    inner join applications as a on a.id = c.application_id
    group by all
),

street_named as (
    -- the particulars name the application's street (with or without a number): "north-east corner of Queen St W and
    -- Bathurst St" names Queen; a storey count that happens to equal the file's street number does not
    select distinct c.registration_id, c.application_id
    from candidates as c
    inner join registrations as r on r.id = c.registration_id
    inner join application_mentions as a using (application_id)
    where a.street_name is not null
        and regexp_matches(' ' || regexp_replace(lower(r.particulars), '[^a-z0-9]+', ' ', 'g') || ' ',
            ' ' || regexp_replace(lower(a.street_name), '[^a-z0-9]+', ' ', 'g') || ' ')
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
        coalesce(ib.item_in_period, 0) as via_item_in_period,
        ib.via_item_id, ib.via_item_title,
        case when a.kind = 'development' then 1 else 0 end as planning_file,
        -- the typed address is on the application's street but not at its site (a neighbour, the twin street):
        -- only the street block proposed it
        case when sm.same_site is null and f.application_id is null and ib.application_id is null then 1 else 0 end as street_only,
        ln(1 + coalesce(sp.same_street_gap, sp.street_name_gap, 0)) as number_gap,
        -- only an agenda item ties them: no site, no file number (a street named in passing can pick the item)
        case when ib.application_id is not null and sm.same_site is null and f.application_id is null then 1 else 0 end as item_only,
        case when sn.application_id is not null then 1 else 0 end as street_named,
        -- the registration is filed under planning (its first registry subject: Planning/Development, Zoning, or a
        -- 2008-11 free-text subject naming planning, zoning or the Official Plan); a café permit or a housing
        -- incentive at the same address is not about the development application
        case when regexp_matches(coalesce(r.first_subject, ''), '(?i)\b(planning|zoning|official plan)\b') then 1 else 0 end as planning_subject,
        -- the particulars type a street address at all: without one, an application elsewhere is not contradicted
        case when ta.registration_id is not null then 1 else 0 end as address_typed,
        case when sp.street_name_gap is not null and sp.same_street_gap is null then 1 else 0 end as twin_street,
        -- years between submission and [approval − 3 years, last contact]: applications are filed before or
        -- while the lobbying runs, often years before the registration
        least(5, greatest(0,
            date_diff('day', a.submitted, r.initial_approval_date - interval 1095 day),
            date_diff('day', greatest(r.initial_approval_date, k.last_contact), a.submitted)) / 365.0) as years_outside_period,
        -- other applications proposed for the same registration by its site, a file number or an agenda item: a
        -- vague description fits several files (street neighbours are not counted: how many there are depends on
        -- how busy the street is, not on the registration)
        ln(greatest(1, sum(case when sm.same_site is null and f.application_id is null and ib.application_id is null then 0 else 1 end)
            over (partition by c.registration_id))) as rivals
    from candidates as c
    inner join registrations as r on r.id = c.registration_id
    inner join applications as a on a.id = c.application_id
    left join communications as k on k.registration_id = c.registration_id
    left join site_match as sm on sm.registration_id = c.registration_id and sm.application_id = c.application_id
    left join address_match as am on am.registration_id = c.registration_id and am.application_id = c.application_id
    left join file_block as f on f.registration_id = c.registration_id and f.application_id = c.application_id
    left join item_block as ib on ib.registration_id = c.registration_id and ib.application_id = c.application_id
    left join street_pairs as sp on sp.registration_id = c.registration_id and sp.application_id = c.application_id
    left join typed_addresses as ta on ta.registration_id = c.registration_id
    left join street_named as sn on sn.registration_id = c.registration_id and sn.application_id = c.application_id
),

ranked as (
    -- several files on the registration's site (a rezoning and a later site plan, an old file and a new one): the
    -- one whose agenda item was decided while the registration lobbied, filed inside its period and closest to a
    -- year before its approval (applications precede the lobbying) outranks the others; then the best L1 item
    select *,
        case when same_site = 1 and row_number() over (partition by registration_id, same_site
            order by via_item_in_period desc, coalesce(years_outside_period, 5),
                abs(date_diff('day', submitted, initial_approval_date - interval 365 day)), via_item_best desc, application_id) > 1
            then 1 else 0 end as outranked_on_site
    from features
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
            'via_item_subject_agreement': via_item_subject_agreement, 'via_item_in_period': via_item_in_period,
            'planning_file': planning_file::double,
            'years_outside_period': coalesce(years_outside_period, 5), 'rivals': rivals,
            'street_only': street_only::double, 'number_gap': number_gap, 'twin_street': twin_street::double,
            'address_typed': address_typed::double, 'item_only': item_only::double,
            'outranked_on_site': outranked_on_site::double, 'street_named': street_named::double,
            'planning_subject': planning_subject::double,
            -- only the agenda item ties them, and it was not decided while the registration lobbied: a weak guess
            'item_only_out_of_period': (item_only * (1 - via_item_in_period))::double
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
                {'name': 'via_item_in_period', 'label': 'that agenda item was decided between the registration''s approval and its last contact', 'value': via_item_in_period},
                {'name': 'planning_file', 'label': 'a planning application (not Committee of Adjustment)', 'value': planning_file},
                {'name': 'years_outside_period', 'label': 'years the submission lies outside [approval − 3 years, last contact]', 'value': round(coalesce(years_outside_period, 5), 4)},
                {'name': 'rivals', 'label': 'ln(applications proposed for this registration by site, file number or agenda item)', 'value': round(rivals, 4)},
                {'name': 'street_only', 'label': 'proposed only because a typed address is on the same street nearby (not its site, file or agenda item)', 'value': street_only},
                {'name': 'number_gap', 'label': 'ln(1 + street numbers between the typed address and the application''s)', 'value': round(number_gap, 4)},
                {'name': 'twin_street', 'label': 'the typed street has the application''s street name but another direction or type', 'value': twin_street},
                {'name': 'address_typed', 'label': 'the particulars type a street address', 'value': address_typed},
                {'name': 'item_only', 'label': 'only the agenda item ties them (no shared site, no file number quoted)', 'value': item_only},
                {'name': 'outranked_on_site', 'label': 'another file on the same site has the better-fitting agenda item or date', 'value': outranked_on_site},
                {'name': 'street_named', 'label': 'the particulars name the application''s street', 'value': street_named},
                {'name': 'planning_subject', 'label': 'the registration''s first registry subject is planning or zoning', 'value': planning_subject},
                {'name': 'item_only_out_of_period', 'label': 'only the agenda item ties them and it was decided outside the lobbying period', 'value': item_only * (1 - via_item_in_period)}
            ],
            'registration', {'id': registration_id, 'particulars': particulars, 'initial_approval_date': initial_approval_date,
                'last_contact': last_contact, 'address_typed': registration_address},
            'application', {'id': application_id, 'kind': kind, 'type': type, 'address': address, 'submitted': submitted,
                'description': description},
            'agenda_item', {'id': via_item_id, 'title': via_item_title}
        ) as evidence,
        json_object() as extra
    from ranked
)

select * from final
