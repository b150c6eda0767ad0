-- GET /insights/donor-overlap (analysis-definitions.md, Contributions): per election and campaign, the named dollars
-- and contributors (every itemised row the campaign's files list, amounts as listed) and the part from linked
-- contributors (contributions with a published tier 1 or 2 L7 link, each contribution once whatever the organisations
-- it is linked to), their shares, and the median dollar share over the election's Councillor campaigns; plus one
-- council-wide row per election (campaign 0, candidate 0) pooling every Councillor campaign. Distinct contributors
-- are people as int_contributor_identities knows them (private: only the counts leave); a linked contributor is one
-- with a linked contribution to the campaign. A campaign without named rows has no row. Linked figures are lower
-- bounds (caveat).
with contribution_rows as (
    select r.*, l.contribution_id is not null as linked
    from int_insight_contribution_rows as r
    left join (
        select distinct contribution_id from int_insight_contribution_links
        where tier in (1, 2) -- published links only: tier 3 is aggregate-only (contribution-stats)
    ) as l using (contribution_id)
),

per_campaign as (
    select
        election,
        campaign_id,
        1 as campaigns,
        sum(amount) as named_dollars,
        count(distinct contributor) as named_contributors,
        coalesce(sum(amount) filter (where linked), 0) as linked_dollars,
        count(distinct contributor) filter (where linked) as linked_contributors
    from contribution_rows
    group by all
),

council_wide as (
    -- every Councillor campaign of the election pooled: a contributor to two campaigns is one named contributor
    select
        election,
        0 as campaign_id,
        count(distinct campaign_id) as campaigns,
        sum(amount) as named_dollars,
        count(distinct contributor) as named_contributors,
        coalesce(sum(amount) filter (where linked), 0) as linked_dollars,
        count(distinct contributor) filter (where linked) as linked_contributors
    from contribution_rows
    where office = 'Councillor' -- the council-wide row is the Councillor races, as the median is
    group by all
),

campaigns as (
    select id as campaign_id, candidate_person_id, candidate_name, office, ward from api_campaigns
),

shares as (
    select
        p.*,
        c.candidate_person_id,
        c.candidate_name,
        c.office,
        c.ward,
        case when p.named_dollars > 0 then p.linked_dollars / p.named_dollars end as dollar_share,
        case when p.named_contributors > 0 then p.linked_contributors / p.named_contributors end as contributor_share
    from per_campaign as p
    inner join campaigns as c using (campaign_id)
),

medians as (
    select election, median(dollar_share) as council_median_dollar_share
    from shares
    where office = 'Councillor' -- over Councillor campaigns only (analysis-definitions.md)
        and dollar_share is not null -- a campaign whose named rows carry no dollars has no share
    group by all
),

all_rows as (
    select
        election, campaign_id, candidate_person_id, candidate_name, office, ward, campaigns, named_dollars,
        named_contributors, linked_dollars, linked_contributors, dollar_share, contributor_share
    from shares
    union all
    select
        election, campaign_id, 0, null, 'Councillor', null, campaigns, named_dollars,
        named_contributors, linked_dollars, linked_contributors,
        case when named_dollars > 0 then linked_dollars / named_dollars end,
        case when named_contributors > 0 then linked_contributors / named_contributors end
    from council_wide
),

final as (
    select
        a.election,
        cast(a.campaign_id as integer) as campaign_id,
        cast(a.candidate_person_id as integer) as candidate_person_id,
        a.candidate_name,
        a.office,
        cast(a.ward as integer) as ward,
        cast(a.campaigns as integer) as campaigns,
        round(coalesce(a.named_dollars, 0), 2) as named_dollars,
        cast(a.named_contributors as integer) as named_contributors,
        round(a.linked_dollars, 2) as linked_dollars,
        cast(a.linked_contributors as integer) as linked_contributors,
        round(a.dollar_share, 4) as dollar_share,
        round(a.contributor_share, 4) as contributor_share,
        round(m.council_median_dollar_share, 4) as council_median_dollar_share,
        (select caveat from int_insight_contribution_caveat) as caveat,
        (select export_date from int_export) as model_version,
        a.election || ' ' || lpad(cast(a.campaign_id as varchar), 12, '0') as _sort
    from all_rows as a
    left join medians as m using (election)
)

select * from final
