-- GET /insights/coordinated-giving (analysis-definitions.md, Contributions): organisation × campaign where three or
-- more distinct linked contributors of one organisation (published tier 1 or 2 L7 links; people as
-- int_contributor_identities knows them, so three gifts from two people are two) gave to one campaign: how many,
-- their dollars (each contribution once), the first and last date and the most of them who gave on one day. Dates
-- exist only where the election's files carry them (2022 on); before, the dates and max_same_day are null and
-- `suppressed` says why. Linked figures are lower bounds (caveat).
with gifts as (
    select c.election, c.campaign_id, c.candidate_person_id, l.organization_id, c.contribution_id, c.amount,
        c.contribution_date, l.contributor
    from (select distinct contribution_id, election, campaign_id, candidate_person_id, amount, contribution_date from api_contributions) as c
    inner join int_insight_contribution_links as l using (contribution_id)
    where l.tier in (1, 2) -- published links only
),

days as (
    -- distinct contributors of the organisation who gave to the campaign on each dated day
    select election, campaign_id, organization_id, contribution_date, count(distinct contributor) as contributors
    from gifts
    where contribution_date is not null -- undated rows (files before 2022) have no day
    group by all
),

groups as (
    select election, campaign_id, any_value(candidate_person_id) as candidate_person_id, organization_id,
        count(distinct contributor) as contributors,
        sum(amount) as amount, -- one published row per contribution and organisation: each amount once
        min(contribution_date) as first_date,
        max(contribution_date) as last_date,
        count(contribution_date) as dated
    from gifts
    group by election, campaign_id, organization_id
    having count(distinct contributor) >= 3 -- the contract's threshold: three or more linked contributors
),

final as (
    select
        g.election,
        cast(g.organization_id as integer) as organization_id,
        cast(g.campaign_id as integer) as campaign_id,
        cast(g.candidate_person_id as integer) as candidate_person_id,
        cast(g.contributors as integer) as contributors,
        round(g.amount, 2) as amount,
        g.first_date,
        g.last_date,
        cast((select max(d.contributors) from days as d
            where d.election = g.election and d.campaign_id = g.campaign_id and d.organization_id = g.organization_id) as integer) as max_same_day,
        case
            when g.dated = 0 then 'no contribution dates: the election''s files carry none'
        end as suppressed,
        (select caveat from int_insight_contribution_caveat) as caveat,
        (select export_date from int_export) as model_version,
        g.election || ' ' || lpad(cast(g.organization_id as varchar), 12, '0') || ' ' || lpad(cast(g.campaign_id as varchar), 12, '0') as _sort,
        -- the organisation filter matches any id of its family (L3 merges)
        coalesce(k.family_ids, [g.organization_id]) as f_organization_ids
    from groups as g
    left join int_organization_canonical as k on k.organization_id = g.organization_id
)

select * from final
