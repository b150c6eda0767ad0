-- Corporate groups as connected components of int_group_edges (any basis), one row per member organisation.
-- A group's id is its smallest member organisation id: deterministic and unique (an organisation is in one group)
-- without runner state; it changes only when that member leaves the group or groups merge.
with recursive pairs as (
    select distinct from_organization_id as a, to_organization_id as b from int_group_edges
    union
    select distinct to_organization_id, from_organization_id from int_group_edges
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
