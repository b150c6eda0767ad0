-- Candidates' campaign filings (one row per candidate and election): names split from "Last, First", totals
-- parsed, Yes/No flags as 1/0, office normalised; trustee and third-party filings are marked excluded.
with source as (
    select * from src_contributions__filings
),

parsed as (
    select
        source_file,
        cast(source_position as bigint) as source_position,
        election,
        trim(candidate) as candidate_raw,
        case when contains(trim(candidate), ',') then trim(split_part(candidate, ',', 1)) else trim(candidate) end as candidate_last,
        case when contains(candidate, ',') then nullif(trim(substr(candidate, strpos(candidate, ',') + 1)), '') end as candidate_first,
        office as office_raw,
        case
            when lower(office) like 'mayor%' then 'Mayor'
            when lower(office) like 'councillor%' or lower(office) like 'councilor%' then 'Councillor'
        end as office,
        ward as ward_raw,
        total_contributions as total_raw,
        parse_amount(total_contributions) as total_contributions,
        amount_issue(total_contributions) as total_issue,
        try_cast(replace(contributions_n, ',', '') as integer) as contributions_n,
        try_cast(replace(contributors_n, ',', '') as integer) as contributors_n,
        case lower(trim(elected)) when 'yes' then 1 when 'no' then 0 end as elected,
        case lower(trim(incumbent)) when 'yes' then 1 when 'no' then 0 end as incumbent,
        nullif(trim(filing_type), '') as filing_type
    from source
),

final as (
    select
        *,
        trim(coalesce(candidate_first || ' ', '') || coalesce(candidate_last, '')) as candidate_name,
        person_key(candidate_first, candidate_last) as candidate_key,
        case when office = 'Councillor' then nullif(try_cast(trim(ward_raw) as integer), 0) end as ward,
        case when office is null then 'filing for office "' || coalesce(office_raw, '') || '" is not a council campaign' end as excluded_reason
    from parsed
)

select * from final
