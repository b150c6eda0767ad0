-- Corporate groups as connected components of int_group_edges (any basis) over canonical organisation records (an
-- organisation merged by L3 is its canonical record here too, so one legal entity is in one group), one row per
-- member. A group's id is its smallest member id: deterministic and unique (an organisation is in one group) without
-- runner state; it changes only when that member leaves the group or groups merge.
with recursive canonical_edges as (
    select a.canonical_id as a, b.canonical_id as b
    from int_group_edges as e
    inner join int_organization_canonical as a on a.organization_id = e.from_organization_id
    inner join int_organization_canonical as b on b.organization_id = e.to_organization_id
    where a.canonical_id <> b.canonical_id -- an edge inside one legal entity connects nothing
),

pairs as (
    select distinct a, b from canonical_edges
    union
    select distinct b, a from canonical_edges
),

reach(organization_id, reached) as (
    select a, a from pairs
    union
    select r.organization_id, p.b
    from reach as r
    inner join pairs as p on p.a = r.reached
),

components as (
    select organization_id, min(reached) as group_id from reach group by organization_id
),

final as (
    select group_id, organization_id
    from components
    -- a group needs two members (always true for a component with an edge; kept explicit)
    qualify count(*) over (partition by group_id) >= 2
)

select * from final
