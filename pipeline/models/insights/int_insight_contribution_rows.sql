-- Every named (itemised) contribution row of a council campaign: its stable contribution id, the campaign it went to
-- (as api_contributions assigns it: the first filing of the candidate's name in the race), the amount as listed, the
-- date where the file has one, and who gave it (int_contributor_identities, the one identity every count of distinct
-- contributors uses). PRIVATE: the identity holds a folded name; no api table reads it, and the insights publish only
-- counts made with it.
with contribution_rows as (
    select i.id as contribution_id, r.*
    from stg_contributions__rows as r
    inner join int_contribution_ids as i on i.entity = 'contribution'
        and i.natural_key = r.election || '|' || r.source_file || '|' || cast(r.source_position as varchar)
    where r.excluded_reason is null -- trustee and third-party rows are not council campaigns
        and r.candidate_key is not null -- a row naming no candidate belongs to no campaign
),

campaigns as (
    -- a namesake in the same race cannot be told apart here: the first filing's campaign stands (as api_contributions)
    select election, office, ward, candidate_key, min(id) as campaign_id
    from int_campaigns
    group by all
),

final as (
    select
        r.contribution_id,
        r.election,
        cast(k.campaign_id as integer) as campaign_id,
        r.office,
        r.amount,
        r.contribution_date,
        c.identity as contributor
    from contribution_rows as r
    inner join int_contributor_identities as c using (contribution_id)
    inner join campaigns as k
        on k.election = r.election and k.office = r.office and k.candidate_key = r.candidate_key
        and (r.office = 'Mayor' or k.ward is not distinct from r.ward)
)

select * from final
