-- Election campaigns of Mayor and Councillor candidates (one per candidate filing, plus candidates who appear only
-- in the contribution rows), with totals from the filing or else from the rows, and the candidate's person id when
-- the folded name is a member of council in the term before or after the election. contributors_n is the filing's
-- only: counting the rows' contributors needs the published L7 links (int_contributor_identities), so api_campaigns
-- fills it where `rows_fill` says the rows may.
with filings as (
    select *,
        -- the same name can file twice in one ward (namesakes): numbered in file order so each keeps its own campaign
        row_number() over (partition by election, office, ward, candidate_key order by source_position) as name_n,
        count(*) over (partition by election, office, ward, candidate_key) as name_filings,
        coalesce(ward, 0) as ward_key -- joins on ward must also meet Mayor campaigns, which have none
    from stg_contributions__filings
    where excluded_reason is null -- trustee and third-party filings are not council campaigns (counted in qa)
        and candidate_key is not null
),

contribution_rows as (
    select * from stg_contributions__rows
    where excluded_reason is null -- trustee and third-party contributions are not council campaigns (counted in qa)
        and candidate_key is not null
),

row_totals as (
    select election, office, ward, coalesce(ward, 0) as ward_key, candidate_key,
        any_value(candidate_name) as candidate_name,
        round(sum(amount), 2) as total_contributions,
        count(*) as contributions_n
    from contribution_rows
    group by all
),

campaigns as (
    select
        f.election, f.office, f.ward, f.ward_key, f.candidate_key, f.candidate_name, f.name_n,
        -- the filing's totals; rows fill a missing total only when the name is not shared by another filing
        coalesce(f.total_contributions, case when f.name_filings = 1 then t.total_contributions end) as total_contributions,
        coalesce(f.contributions_n, case when f.name_filings = 1 then t.contributions_n end) as contributions_n,
        f.contributors_n,
        f.name_filings = 1 as rows_fill, -- the rows may fill the missing contributors_n too (api_campaigns)
        f.elected, f.incumbent, f.filing_type, 'campaign-filings' as source_dataset
    from filings as f
    left join row_totals as t using (election, office, ward_key, candidate_key)
    union all
    select t.election, t.office, t.ward, t.ward_key, t.candidate_key, t.candidate_name, 1,
        t.total_contributions, t.contributions_n, null, true,
        null, null, null, 'campaign-contributions'
    from row_totals as t
    anti join filings as f using (election, office, ward_key, candidate_key)
),

members as (
    select m.name_key, m.term, p.id as person_id, cast(left(m.term, 4) as integer) as term_start
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
),

matches as (
    -- a member in the term that ended with the election or in the one it began
    select c.election, c.office, c.ward_key, c.candidate_key, c.name_n, m.person_id
    from campaigns as c
    inner join members as m on m.name_key = c.candidate_key
        and m.term_start in (cast(c.election as integer) - 4, cast(c.election as integer))
    group by all
    -- the filing's flags must agree with the membership: incumbent = held office in the term before, elected = holds
    -- office in the term after (a namesake who neither sat nor won is not the member); no filing, no flags to check
    having (max(c.incumbent) is null or (max(c.incumbent) = 1) = bool_or(m.term_start = cast(c.election as integer) - 4))
        and (max(c.elected) is null or (max(c.elected) = 1) = bool_or(m.term_start = cast(c.election as integer)))
),

resolved as (
    -- one member per campaign and one campaign per member and election: namesakes without flags that tell them
    -- apart resolve to nobody rather than guess; a flagged incumbent or winner is preferred over an unflagged namesake
    select m.*,
        count(*) over (partition by m.election, m.office, m.ward_key, m.candidate_key, m.name_n) as persons,
        count(*) over (partition by m.election, m.person_id, c.flagged) as campaigns_at_rank,
        rank() over (partition by m.election, m.person_id order by c.flagged desc) as flag_rank
    from matches as m
    inner join (select *, coalesce(incumbent, 0) + coalesce(elected, 0) > 0 as flagged from campaigns) as c
        using (election, office, ward_key, candidate_key, name_n)
),

numbered as (
    select c.*,
        r.person_id as candidate_person_id,
        -- ids: election year then the campaign's rank in the election (Mayor first, ward, name, namesake order)
        cast(c.election as integer) * 10000 + row_number() over (partition by c.election
            order by case c.office when 'Mayor' then 0 else 1 end, c.ward nulls first, c.candidate_key, c.name_n) as id
    from campaigns as c
    left join resolved as r on r.election = c.election and r.office = c.office and r.ward_key = c.ward_key
        and r.candidate_key = c.candidate_key and r.name_n = c.name_n
        and r.persons = 1 and r.flag_rank = 1 and r.campaigns_at_rank = 1
)

select
    id, election, candidate_person_id, candidate_name, office, ward, total_contributions, contributions_n, contributors_n,
    elected, incumbent, filing_type, source_dataset, candidate_key, name_n, rows_fill
from numbered
