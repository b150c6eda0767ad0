-- The contributions linked to a lobbying organisation, by tier: tiers 1 and 2 are the published L7 links
-- (api_contributions: reviewer-confirmed at 0.95 or more); tier 3 is the definitions' weaker match, "same surname and
-- postal area": an L7 candidate the model puts at tier 3 (the given name does not agree) whose surname is the
-- reference person's exactly and whose postal area (first three characters) is the person's or the organisation's,
-- not rejected by a reviewer, of a contribution with no published link; for aggregate statistics only
-- (contribution-stats scope 123). The L7 score cannot be the test: a tier-3 candidate's given name differs, so it
-- scores near 0 whatever else agrees (median 0.0001 at City volume), and every blocking candidate is not a match.
-- One row per contribution and organisation, with who gave it (int_contributor_identities).
with published as (
    select distinct
        contribution_id,
        organization_id,
        tier,
        c.identity as contributor
    from api_contributions
    inner join int_contributor_identities as c using (contribution_id)
),

tier3 as (
    select distinct
        cast(l.from_id as integer) as contribution_id,
        coalesce(k.canonical_id, cast(l.to_id as integer)) as organization_id, -- as api_contributions names it (L3 merges)
        3 as tier,
        r.identity as contributor
    from int_links as l
    inner join int_link_evidence as e using (task, from_type, from_id, to_type, to_id)
    inner join int_contributor_identities as r on r.contribution_id = cast(l.from_id as integer)
    left join int_organization_canonical as k on k.organization_id = cast(l.to_id as integer)
    where l.task = 'L7'
        and cast(l.extra ->> '$.tier' as integer) = 3 -- the given name does not agree: at most a weaker match
        and cast(e.evidence ->> '$.features.surname_exact' as double) = 1 -- the same surname
        and cast(e.evidence ->> '$.features.same_postal_area' as double) = 1 -- in the same postal area
        and l.decision is distinct from 'rejected' -- a reviewer's rejection removes a match from every figure
        and cast(l.from_id as integer) not in (select contribution_id from published) -- counted at its published tier
),

final as (
    select * from published
    union all
    select * from tier3
)

select * from final
