-- What each registry organisation shares with others apart from its name (L3 evidence): the registrations naming
-- it, the registry postal codes of its business address (organisations' addresses, not private people's), and the
-- lobbyists registered for it or by it.
with parties as (
    select registration_id, org_key(name) as org_key, postal_code from stg_registry__firms
    union all
    select registration_id, org_key(name), postal_code from stg_registry__beneficiaries
),

named as (
    select o.id as organization_id, p.registration_id, nullif(p.postal_code, '') as postal_code
    from parties as p
    inner join int_organizations as o using (org_key)
),

lobbyists as (
    select n.organization_id, r.lobbyist_person_id
    from named as n
    inner join int_registrations as r on r.id = n.registration_id
    where r.lobbyist_person_id is not null -- registrations without a resolved registrant add no lobbyist
)

select
    o.id as organization_id,
    o.canonical_name,
    o.type,
    (select count(distinct registration_id) from named as n where n.organization_id = o.id) as registrations,
    (select list(distinct registration_id order by registration_id) from named as n where n.organization_id = o.id) as registration_ids,
    -- postal codes that are real (six characters, not the M0M 0M0 placeholder)
    (select list(distinct postal_code order by postal_code) from named as n where n.organization_id = o.id
        and regexp_matches(n.postal_code, '^[A-Z]\d[A-Z]\d[A-Z]\d$') and n.postal_code <> 'M0M0M0') as postal_codes,
    (select list(distinct lobbyist_person_id order by lobbyist_person_id) from lobbyists as l where l.organization_id = o.id) as lobbyist_ids
from int_organizations as o
