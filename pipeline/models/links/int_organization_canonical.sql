-- Every registry organisation with the canonical record it answers as. Published L3 links say two records are the
-- same legal entity, and identity composes, so an organisation's family is its connected component over the
-- published L3 links (B and C merged into A, or A ← B ← C, make one entity). The canonical record of a family is the
-- one L3 makes `from` (the record named on more registrations, then the lower id), so a two-record family keeps the
-- link's own `from`. Every table, filter and figure that names an organisation reads its canonical id from here.
with recursive edges as (
    select cast(from_id as integer) as a, cast(to_id as integer) as b
    from int_links
    where task = 'L3' and published -- merges below the L3 threshold are not applied
    union
    select cast(to_id as integer), cast(from_id as integer)
    from int_links
    where task = 'L3' and published -- both directions: a family does not depend on which end is canonical
),

reach(organization_id, member_id) as (
    select id, id from int_organizations
    union
    select r.organization_id, e.b
    from reach as r
    inner join edges as e on e.a = r.member_id
),

ranked as (
    -- the L3 rule for the `from` end, applied to the whole family: most registrations, then the lowest id
    select r.organization_id, r.member_id, f.registrations
    from reach as r
    inner join lnk_l3_org_facts as f on f.organization_id = r.member_id
),

families as (
    select
        organization_id,
        arg_min(member_id, (-registrations, member_id)) as canonical_id,
        list(member_id order by member_id) as family_ids
    from ranked
    group by organization_id
),

final as (
    select
        organization_id,
        canonical_id,
        organization_id = canonical_id as is_canonical,
        family_ids
    from families
)

select * from final
