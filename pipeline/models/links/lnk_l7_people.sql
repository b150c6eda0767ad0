-- L7 reference people: who could give money on an organisation's behalf. Registered lobbyists of an organisation
-- (the registrant of a registration whose client it is — the organisation itself for in-house registrations), with
-- the postal area (FSA) of the lobbyist's declared business address; and senior officers named as President or
-- Authorized Representative on the organisation's own 2014 corporate contribution (matched to the organisation on
-- an equal name key only), with the postal area of that filing. Postal codes stay inside the warehouse.
with lobbyists as (
    select distinct
        r.client_organization_id as organization_id, 1 as tier, 'registered lobbyist' as basis,
        p.id as person_id, p.canonical_name as name, person_key(p.first_name, '') as first_key, person_key('', p.last_name) as last_key,
        'registration ' || r.id as record_id, left(g.postal_code, 3) as fsa
    from int_registrations as r
    inner join int_people as p on p.id = r.lobbyist_person_id
    left join stg_registry__registrants as g on g.registration_id = r.id
        and person_key(g.first_name, g.last_name) = split_part(p.natural_key, ':', 2)
    where r.client_organization_id is not null -- a registration without a resolved client names no organisation
),

corporate as (
    select c.election, c.source_file, c.source_position, c.contributor_name, c.contributor_postal_code,
        s.president, s.authorized_representative
    from stg_contributions__rows as c
    inner join src_contributions__rows as s using (source_file, source_position)
    where c.contributor_kind = 'organization' -- corporate gifts name their officers
),

officer_names as (
    select *, unnest([trim(president), trim(authorized_representative)]) as officer_name,
        unnest(['President', 'Authorized Representative']) as officer_role
    from corporate
),

officers as (
    select distinct
        n.organization_id, 2 as tier, 'senior officer (' || o.officer_role || ' on a corporate contribution)' as basis,
        cast(null as integer) as person_id, o.officer_name as name,
        person_key(regexp_replace(o.officer_name, '\s+\S+$', ''), '') as first_key,
        person_key('', regexp_extract(o.officer_name, '(\S+)$', 1)) as last_key,
        'contribution ' || i.id as record_id, left(o.contributor_postal_code, 3) as fsa
    from officer_names as o
    inner join lnk_l3_org_names as n on n.name_key = org_key(o.contributor_name)
    inner join int_contribution_ids as i on i.entity = 'contribution'
        and i.natural_key = o.election || '|' || o.source_file || '|' || cast(o.source_position as varchar)
    where nullif(o.officer_name, '') is not null -- an empty President cell names nobody
    -- a corporate name that fits several organisations attributes its officers to none
    qualify count(distinct n.organization_id) over (partition by o.source_file, o.source_position, o.officer_role) = 1
)

select * from lobbyists
union all
select * from officers
