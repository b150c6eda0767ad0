-- GET /contributions rows: contributions attributed to a lobbying organisation by a reviewer-confirmed L7 link at
-- 0.95 or more, tier 1 (registered lobbyist) or tier 2 (senior officer) only. Contributor name and city only: the
-- address and postal code never leave the warehouse. One row per confirmed contribution × organisation, the
-- organisation as its canonical record (L3 merges): links to two records of one family are one row, its best tier.
with links as (
    select
        l.id,
        cast(l.from_id as integer) as contribution_id,
        k.canonical_id as organization_id,
        cast(l.extra ->> '$.tier' as integer) as tier,
        try_cast(e.evidence ->> '$.matched_person.person_id' as integer) as registry_person_id
    from int_links as l
    inner join int_link_evidence as e using (task, from_type, from_id, to_type, to_id)
    inner join int_organization_canonical as k on k.organization_id = cast(l.to_id as integer)
    where l.task = 'L7'
        and l.published -- confirmed by a reviewer at 0.95 or more (int_links applies the rule)
        and cast(l.extra ->> '$.tier' as integer) in (1, 2) -- tier 3 is used in aggregates only
),

confirmed as (
    select * from links
    qualify row_number() over (partition by contribution_id, organization_id order by tier, id) = 1
),

rows as (
    select i.id as contribution_id, r.*
    from int_contribution_ids as i
    inner join stg_contributions__rows as r
        on i.natural_key = r.election || '|' || r.source_file || '|' || cast(r.source_position as varchar)
),

campaigns as (
    -- a namesake in the same race cannot be told apart here: the first filing's campaign stands
    select election, office, ward, candidate_key, min(id) as campaign_id, any_value(candidate_person_id) as candidate_person_id
    from int_campaigns
    group by all
),

registrations as (
    -- the organisation's registrations on which the matched person lobbied
    select p.id as person_id, r.client_organization_id as organization_id,
        list(distinct r.registration_id order by r.registration_id) as registration_ids
    from int_lobbyist_mentions as m
    inner join int_people as p on p.natural_key = 'lobbyist:' || m.name_key
    inner join int_registration_organizations as r on r.registration_id = m.registration_id
    group by all
)

select
    c.id,
    c.contribution_id,
    w.election,
    cast(k.campaign_id as integer) as campaign_id,
    k.candidate_person_id,
    w.office,
    w.ward,
    w.contributor_name,
    w.contributor_city, -- the city only (stg_contributions__rows keeps no part of the address in it); never the address
    w.amount,
    w.returned,
    w.kind,
    w.contribution_date,
    c.organization_id,
    c.tier,
    c.registry_person_id,
    coalesce(g.registration_ids, []) as registration_ids,
    lpad(cast(c.id as varchar), 12, '0') as _sort,
    k.family_ids as f_organization_ids -- the organisation filter matches any id of its family (L3 merges)
from confirmed as c
inner join int_organization_canonical as k on k.organization_id = c.organization_id
inner join rows as w on w.contribution_id = c.contribution_id
inner join campaigns as k -- every contribution row belongs to a filed campaign (checked: api_contributions__complete)
    on k.election = w.election and k.office = w.office and k.candidate_key = w.candidate_key
    and (w.office = 'Mayor' or k.ward is not distinct from w.ward)
left join registrations as g on g.person_id = c.registry_person_id and g.organization_id = c.organization_id
