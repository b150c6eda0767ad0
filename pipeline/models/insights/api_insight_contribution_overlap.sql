-- GET /insights/contribution-overlap (analysis-definitions.md, Contributions): organisation × candidate × election,
-- for organisations whose registrations (as client) communicated with the candidate's office (the member or their
-- staff) during the council term before the election and whose linked contributors (published tier 1 or 2 L7 links)
-- gave to the candidate's campaign in that election. Contributors are distinct people (int_contributor_identities,
-- through int_insight_contribution_links); each contribution's amount counts once per organisation. Linked figures
-- are lower bounds (caveat).
with gifts as (
    select c.election, c.campaign_id, c.candidate_person_id, l.organization_id, c.contribution_id, c.amount, l.contributor
    from (select distinct contribution_id, election, campaign_id, candidate_person_id, amount from api_contributions) as c
    inner join int_insight_contribution_links as l using (contribution_id)
    where l.tier in (1, 2) -- published links only
        and c.candidate_person_id is not null -- the candidate sat on council: an office that could be lobbied
),

given as (
    -- one published row per contribution and organisation, so each amount counts once per organisation
    select election, campaign_id, candidate_person_id, organization_id,
        count(distinct contributor) as linked_contributors,
        sum(amount) as amount
    from gifts
    group by all
),

terms as (
    -- the term before each election: the one that ends with the election year
    select term, start_date, end_date, right(term, 4) as election from int_terms
),

lobbying as (
    select t.election, t.term, c.client_organization_id as organization_id, c.member_person_id as candidate_person_id,
        count(*) as communications,
        min(c.date) as first_communication,
        max(c.date) as last_communication
    from int_office_communications as c
    inner join terms as t on c.date between t.start_date and t.end_date -- during the term before the election
    where c.client_organization_id is not null -- a registration with no resolved client names no organisation
    group by all
),

final as (
    select
        g.election,
        l.term,
        cast(g.organization_id as integer) as organization_id,
        cast(g.candidate_person_id as integer) as candidate_person_id,
        cast(g.campaign_id as integer) as campaign_id,
        cast(l.communications as integer) as communications,
        l.first_communication,
        l.last_communication,
        cast(g.linked_contributors as integer) as linked_contributors,
        round(g.amount, 2) as amount,
        (select caveat from int_insight_contribution_caveat) as caveat,
        (select export_date from int_export) as model_version,
        g.election || ' ' || lpad(cast(g.organization_id as varchar), 12, '0') || ' '
            || lpad(cast(g.candidate_person_id as varchar), 12, '0') as _sort,
        -- the organisation filter matches any id of its family (L3 merges)
        coalesce(k.family_ids, [g.organization_id]) as f_organization_ids
    from given as g
    inner join lobbying as l using (election, organization_id, candidate_person_id)
    left join int_organization_canonical as k on k.organization_id = g.organization_id
)

select * from final
