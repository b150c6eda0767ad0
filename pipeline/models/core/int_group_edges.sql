-- Connections between registry organisations that make corporate groups, one row per pair, basis and connecting
-- record: parent_subsidiary, shared_beneficiary, shared_address (linking only: the address itself never leaves this
-- model) and manual. Pairs whose names look like spellings of one organisation are left to the L3 merges.
with organizations as (
    select id, org_key from int_organizations
),

ownership as (
    -- beneficiaries that own or are owned by the registration's client
    select b.registration_id, o.id as named_id, o.org_key as named_key, r.client_organization_id as client_id, c.org_key as client_key
    from stg_registry__beneficiaries as b
    inner join int_registrations as r on r.id = b.registration_id
    inner join organizations as o on o.org_key = org_key(b.name)
    inner join organizations as c on c.id = r.client_organization_id
    where lower(b.party_type) in ('parent company', 'subsidiary company', 'controlling interest holder', 'controlling interest')
),

parent_subsidiary as (
    select client_id as a, named_id as b, 'parent_subsidiary' as basis,
        struct_pack(type := 'registration', registration_id := registration_id, contribution_file := null::varchar,
            contribution_row := null::bigint, group_name := null::varchar, source := null::varchar) as record
    from ownership
    where named_id <> client_id -- the registry often names the client itself as its own parent
        and not org_spelling_variants(client_key, named_key) -- a misspelt client is the same organisation (L3)
),

shared_beneficiary_pairs as (
    -- two clients naming the same owner that is neither of them; both registrations are the connecting records
    select x.client_id as a, y.client_id as b, unnest([x.registration_id, y.registration_id]) as registration_id
    from ownership as x
    inner join ownership as y on y.named_id = x.named_id and y.client_id > x.client_id
    where x.named_id not in (x.client_id, y.client_id)
        and not org_spelling_variants(x.client_key, y.client_key)
),

shared_beneficiary as (
    select a, b, 'shared_beneficiary' as basis,
        struct_pack(type := 'registration', registration_id := registration_id, contribution_file := null::varchar,
            contribution_row := null::bigint, group_name := null::varchar, source := null::varchar) as record
    from shared_beneficiary_pairs
),

addresses as (
    select a.*, o.id as organization_id
    from stg_groups__addresses as a
    inner join organizations as o using (org_key)
),

shared_buildings as (
    -- an address naming many organisations is a shared building, a law office or a registered agent, not a group
    select address_key from addresses group by address_key having count(distinct organization_id) > 5
),

at_address as (
    select address_key, organization_id, any_value(org_key) as org_key,
        bool_or(record_type = 'contribution') as gave_from_address
    from addresses
    where address_key not in (select address_key from shared_buildings)
    group by address_key, organization_id
),

shared_address_pairs as (
    select x.address_key, x.organization_id as a, y.organization_id as b
    from at_address as x
    inner join at_address as y on y.address_key = x.address_key and y.organization_id > x.organization_id
    -- registry spellings at one address are mostly one organisation typed differently (typos, trade names, its
    -- numbered company): L3 merge candidates. A company that gave in its own name from the address is a separate
    -- legal entity, so at least one side must be a corporate contributor there.
    where (x.gave_from_address or y.gave_from_address)
        and not org_spelling_variants(x.org_key, y.org_key)
),

shared_address as (
    select p.a, p.b, 'shared_address' as basis,
        struct_pack(type := case when r.record_type = 'contribution' then 'contribution' else 'registration' end,
            registration_id := r.registration_id, contribution_file := r.source_file, contribution_row := r.source_position,
            group_name := null::varchar, source := null::varchar) as record
    from shared_address_pairs as p
    inner join addresses as r on r.address_key = p.address_key and r.organization_id in (p.a, p.b)
),

manual_members as (
    -- a reviewer's list may drop the legal form ("Meridian Realty"): the name then resolves to the one organisation
    -- with that name and some legal form, when exactly one has it; misspelt names stay unresolved (counted in qa)
    select m.*, coalesce(o.id, b.id) as organization_id
    from stg_groups__manual as m
    left join organizations as o using (org_key)
    left join (
        select org_base(org_key) as base_key, min(id) as id
        from organizations group by 1 having count(*) = 1
    ) as b on b.base_key = m.org_key
    where coalesce(o.id, b.id) is not null
),

manual as (
    -- each manual group is a star from its first listed member; reviewers asserted the group, so no variant check
    select f.organization_id as a, m.organization_id as b, 'manual' as basis,
        struct_pack(type := 'manual', registration_id := null::varchar, contribution_file := null::varchar,
            contribution_row := null::bigint, group_name := m.group_name, source := m.source) as record
    from manual_members as m
    inner join (
        select group_name, arg_min(organization_id, source_position) as organization_id from manual_members group by group_name
    ) as f using (group_name)
    where m.organization_id <> f.organization_id
),

edges as (
    select * from parent_subsidiary
    union all select * from shared_beneficiary
    union all select * from shared_address
    union all select * from manual
),

final as (
    select distinct
        least(a, b) as from_organization_id,
        greatest(a, b) as to_organization_id,
        basis,
        record
    from edges
)

select * from final
