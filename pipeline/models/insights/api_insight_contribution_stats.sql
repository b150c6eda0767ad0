-- GET /insights/contribution-stats (analysis-definitions.md, Contributions): council-wide aggregates of the linked
-- contributions per election and scope: `12` = contributions with a published tier 1 or 2 L7 link, `123` = those
-- and the contributions matched at tier 3 only (a weaker match, counted in these aggregates and nowhere else). Each
-- contribution counts once, at its best tier; contributors are distinct people (int_contributor_identities).
-- Shares divide by the election's total contributions (every campaign's filed total, GET /campaigns). Median and 90th
-- percentile by linear interpolation. Linked figures are lower bounds (caveat).
with contribution_rows as (
    select distinct contribution_id, election, campaign_id, amount, contributor from int_insight_contribution_rows
),

best_tier as (
    select contribution_id, min(tier) as tier
    from int_insight_contribution_links
    group by all
),

scoped as (
    select s.scope, r.*, b.tier
    from contribution_rows as r
    inner join best_tier as b using (contribution_id)
    cross join (values ('12'), ('123')) as s(scope)
    where b.tier in (1, 2) or s.scope = '123' -- tier 3 only in scope 123
),

elections as (
    select election, coalesce(sum(total_contributions), 0) as election_amount
    from api_campaigns
    group by all
),

aggregates as (
    select
        scope,
        election,
        count(*) as contributions,
        sum(amount) as amount,
        count(distinct campaign_id) as campaigns,
        sum(amount) filter (where tier = 1) as tier1_amount,
        sum(amount) filter (where tier = 2) as tier2_amount,
        sum(amount) filter (where tier = 3) as tier3_amount,
        count(distinct contributor) as contributors,
        quantile_cont(amount, 0.5) as median_contribution,
        quantile_cont(amount, 0.9) as p90_contribution
    from scoped
    group by all
),

grid as (
    -- every election with campaigns gets both scopes, with zeros where nothing is linked
    select e.election, e.election_amount, s.scope
    from elections as e
    cross join (values ('12'), ('123')) as s(scope)
),

final as (
    select
        g.election,
        g.scope,
        cast(coalesce(a.contributions, 0) as integer) as contributions,
        round(coalesce(a.amount, 0), 2) as amount,
        cast(coalesce(a.contributors, 0) as integer) as contributors,
        cast(coalesce(a.campaigns, 0) as integer) as campaigns,
        round(g.election_amount, 2) as election_amount,
        case when g.election_amount > 0 then round(coalesce(a.tier1_amount, 0) / g.election_amount, 4) end as tier1_share,
        case when g.election_amount > 0 then round(coalesce(a.tier2_amount, 0) / g.election_amount, 4) end as tier2_share,
        case when g.election_amount > 0 and g.scope = '123' then round(coalesce(a.tier3_amount, 0) / g.election_amount, 4) end as tier3_share,
        round(a.median_contribution, 2) as median_contribution,
        round(a.p90_contribution, 2) as p90_contribution,
        (select caveat from int_insight_contribution_caveat) as caveat,
        (select export_date from int_export) as model_version,
        g.election || ' ' || lpad(g.scope, 3, '0') as _sort
    from grid as g
    left join aggregates as a using (election, scope)
)

select * from final
