-- Every organisation with the organisations that are the same legal entity by published L3 merges, itself included:
-- the connected components of the published L3 links (a merge is an identity, so merges compose: B and C merged into
-- A make B and C one entity too). The procurement timeline reads it to find what an organisation "or an organisation
-- linked to it by L3" won.
with recursive edges as (
    select cast(from_id as integer) as a, cast(to_id as integer) as b
    from api_links
    where task = 'L3' -- organisation → organisation: the same legal entity (published at 0.9 or more)
    union
    select cast(to_id as integer), cast(from_id as integer)
    from api_links
    where task = 'L3' -- both directions: the component does not depend on which record is canonical
),

reach(organization_id, member_id) as (
    select id, id from api_organizations
    union
    select r.organization_id, e.b
    from reach as r
    inner join edges as e on e.a = r.member_id
),

final as (
    select organization_id, member_id from reach
)

select * from final
