-- GET /campaigns rows: the contract's fields in order, keyed by id (election year, then rank in the election).
-- contributors_n is the filing's; where the filing states none, the distinct contributors of the campaign's rows as
-- every contributor count counts them (int_contributor_identities: people, not addresses), computed here because that
-- identity needs the published L7 links, which int_campaigns runs before.
with campaigns as (
    select * from int_campaigns
),

row_contributors as (
    -- distinct contributors of each race's rows (election, office, ward and folded candidate name, as int_campaigns
    -- totals them)
    select r.election, r.office, coalesce(r.ward, 0) as ward_key, r.candidate_key,
        count(distinct c.identity) as contributors_n
    from stg_contributions__rows as r
    inner join int_contribution_ids as i on i.entity = 'contribution'
        and i.natural_key = r.election || '|' || r.source_file || '|' || cast(r.source_position as varchar)
    inner join int_contributor_identities as c on c.contribution_id = i.id
    where r.excluded_reason is null -- trustee and third-party contributions are not council campaigns
        and r.candidate_key is not null -- a row naming no candidate belongs to no campaign
    group by all
),

final as (
    select
        cast(k.id as integer) as id,
        k.election,
        k.candidate_person_id,
        k.candidate_name,
        k.office,
        k.ward,
        k.total_contributions,
        cast(k.contributions_n as integer) as contributions_n,
        -- the filing's count stands as filed; the rows fill a missing one only where no namesake filing shares them
        cast(coalesce(k.contributors_n, case when k.rows_fill then t.contributors_n end) as integer) as contributors_n,
        k.elected,
        k.incumbent,
        k.filing_type,
        k.source_dataset,
        lpad(cast(k.id as varchar), 12, '0') as _sort
    from campaigns as k
    left join row_contributors as t
        on t.election = k.election and t.office = k.office and t.ward_key = coalesce(k.ward, 0)
        and t.candidate_key = k.candidate_key
)

select * from final
