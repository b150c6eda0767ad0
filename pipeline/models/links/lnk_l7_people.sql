-- L7 reference people: who could give money on an organisation's behalf. Registered lobbyists of an organisation
-- (the registrant of a registration whose client it is — the organisation itself for in-house registrations — and
-- the people its communications name as taking part: `Sr. Officer` ones as senior officers, tier 2), with
-- the postal area (FSA) of the lobbyist's declared business address, the middle initial the registry gives them and
-- every postal code on the registrations they filed (their business address, their firm's, their clients'); and
-- senior officers named as President or Authorized Representative on the organisation's own 2014 corporate
-- contribution, with the filing's postal code and the organisation's registry postal codes. A corporate
-- contribution is the organisation's when its name key is one of the organisation's, or else when the filing's
-- postal code is one of the organisation's registry postal codes and the name is a spelling of the organisation's
-- (a typo, another or no legal form, its initials): organisations publish their addresses, so a look-alike company
-- elsewhere never lends its officers. Postal codes stay inside the warehouse (features only, never evidence).
with registered as (
    select r.id as registration_id, r.client_organization_id as organization_id, p.id as person_id, p.canonical_name as name,
        person_key(p.first_name, '') as first_key, person_key('', p.last_name) as last_key,
        split_part(p.natural_key, ':', 2) as name_key
    from int_registrations as r
    inner join int_people as p on p.id = r.lobbyist_person_id
),

registrants as (
    -- the registrant record of each registration under the lobbyist's own name: business address, middle initial
    select d.registration_id, d.person_id, nullif(g.postal_code, '') as postal_code,
        nullif(left(regexp_replace(lower(strip_accents(coalesce(g.middle_initials, ''))), '[^a-z]', '', 'g'), 1), '') as middle
    from registered as d
    inner join stg_registry__registrants as g on g.registration_id = d.registration_id and person_key(g.first_name, g.last_name) = d.name_key
),

participants as (
    -- people named on the communications of a registration for the organisation (in-house registrations list who
    -- took part, typed `In-House Lobbyist` or `Sr. Officer`): the registry's own list of the organisation's people
    select distinct
        c.registration_id, r.client_organization_id as organization_id, p.id as person_id, p.canonical_name as name,
        person_key(p.first_name, '') as first_key, person_key('', p.last_name) as last_key,
        coalesce(lower(c.lobbyist_type) like 'sr%officer%', false) as senior_officer
    from stg_registry__communications as c
    inner join int_registrations as r on r.id = c.registration_id
    inner join int_people as p on p.natural_key = 'lobbyist:' || person_key(c.lobbyist_first_name, c.lobbyist_last_name)
    where c.lobbyist_last_name is not null -- a communication row naming a participating lobbyist or senior officer
),

filed_addresses as (
    -- every postal code on the registrations that name the person (as registrant or participant): their business
    -- address, the firm's and the clients'
    select person_id, postal_code from registrants
    union all
    select d.person_id, f.postal_code
    from (select registration_id, person_id from registered union select registration_id, person_id from participants) as d
    inner join stg_registry__firms as f using (registration_id)
    union all
    select d.person_id, b.postal_code
    from (select registration_id, person_id from registered union select registration_id, person_id from participants) as d
    inner join stg_registry__beneficiaries as b using (registration_id)
),

lobbyist_facts as (
    select person_id,
        -- real postal codes only (six characters, not the M0M 0M0 placeholder)
        list(distinct postal_code order by postal_code) filter (where regexp_matches(postal_code, '^[A-Z]\d[A-Z]\d[A-Z]\d$')
            and postal_code <> 'M0M0M0') as postal_codes
    from filed_addresses
    group by person_id
),

lobbyist_middles as (
    -- the middle initial the registry gives most often (ties: alphabetically first); none when it never gives one
    select person_id, arg_max(middle, (n, -ascii(middle))) as middle
    from (select person_id, middle, count(*) as n from registrants where middle is not null group by all)
    group by person_id
),

lobbyists as (
    select distinct
        d.organization_id, 1 as tier, 'registered lobbyist' as basis,
        d.person_id, d.name, d.first_key, m.middle as middle_key, d.last_key,
        'registration ' || d.registration_id as record_id, left(g.postal_code, 3) as fsa,
        coalesce(f.postal_codes, []) as postal_codes
    from registered as d
    left join registrants as g using (registration_id, person_id)
    left join lobbyist_facts as f using (person_id)
    left join lobbyist_middles as m using (person_id)
    where d.organization_id is not null -- a registration without a resolved client names no organisation
),

named_participants as (
    select distinct
        d.organization_id, case when d.senior_officer then 2 else 1 end as tier,
        case when d.senior_officer then 'senior officer (Sr. Officer on the registration''s communications)'
            else 'lobbyist named on the registration''s communications' end as basis,
        d.person_id, d.name, d.first_key, m.middle as middle_key, d.last_key,
        'registration ' || d.registration_id as record_id, cast(null as varchar) as fsa,
        coalesce(f.postal_codes, []) as postal_codes
    from participants as d
    left join lobbyist_facts as f using (person_id)
    left join lobbyist_middles as m using (person_id)
    where d.organization_id is not null -- a registration without a resolved client names no organisation
),

corporate as (
    select c.election, c.source_file, c.source_position, c.contributor_name, c.contributor_postal_code,
        -- the filing's name as L3 folds organisation names (a jurisdiction in brackets dropped), its base and form
        org_key(regexp_replace(c.contributor_name, '(?i)\((ontario|canada|toronto|quebec|alberta)\)', ' ', 'g')) as name_key,
        s.president, s.authorized_representative
    from stg_contributions__rows as c
    inner join src_contributions__rows as s using (source_file, source_position)
    where c.contributor_kind = 'organization' -- corporate gifts name their officers
),

same_name as (
    select c.*, n.organization_id, 'same name' as attribution
    from corporate as c
    inner join lnk_l3_org_names as n on n.name_key = c.name_key
),

same_address as (
    -- no organisation has the filing's name key: the registry organisation at the filing's postal code whose name it
    -- spells (one or two letters apart, another or no legal form, or its initials)
    select c.*, n.organization_id, 'spelling at the organisation''s postal code' as attribution
    from corporate as c
    inner join lnk_l3_org_facts as f on list_contains(f.postal_codes, c.contributor_postal_code)
    inner join lnk_l3_org_names as n on n.organization_id = f.organization_id
    where not exists (select 1 from same_name as s where s.source_file = c.source_file and s.source_position = c.source_position)
        and (levenshtein(org_base(c.name_key), n.base) <= 2
            or (org_base(c.name_key) = n.initials and length(n.initials) >= 2))
),

attributed as (
    select distinct election, source_file, source_position, contributor_name, contributor_postal_code, president,
        authorized_representative, organization_id, attribution
    from (select * from same_name union all select * from same_address)
),

officer_names as (
    select *, unnest([trim(president), trim(authorized_representative)]) as officer_name,
        unnest(['President', 'Authorized Representative']) as officer_role
    from attributed
),

officers as (
    select distinct
        o.organization_id, 2 as tier, 'senior officer (' || o.officer_role || ' on a corporate contribution)' as basis,
        cast(null as integer) as person_id, o.officer_name as name,
        person_key(regexp_replace(o.officer_name, '\s+\S+$', ''), '') as first_key,
        -- "First M. Last": the middle initial when the name has one
        nullif(left(split_part(person_key(regexp_replace(o.officer_name, '\s+\S+$', ''), ''), ' ', 2), 1), '') as middle_key,
        person_key('', regexp_extract(o.officer_name, '(\S+)$', 1)) as last_key,
        'contribution ' || i.id as record_id, left(o.contributor_postal_code, 3) as fsa,
        list_sort(list_distinct(list_concat(coalesce(f.postal_codes, []),
            case when o.contributor_postal_code is not null then [o.contributor_postal_code] else [] end))) as postal_codes
    from officer_names as o
    inner join int_contribution_ids as i on i.entity = 'contribution'
        and i.natural_key = o.election || '|' || o.source_file || '|' || cast(o.source_position as varchar)
    left join lnk_l3_org_facts as f using (organization_id)
    where nullif(o.officer_name, '') is not null -- an empty President cell names nobody
    -- a corporate name that fits several organisations attributes its officers to none
    qualify count(distinct o.organization_id) over (partition by o.source_file, o.source_position, o.officer_role) = 1
)

select * from lobbyists
union all
select * from named_participants
union all
select * from officers
