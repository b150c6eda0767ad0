-- GET /campaigns rows: the contract's fields in order, keyed by id (election year, then rank in the election).
select
    cast(id as integer) as id,
    election,
    candidate_person_id,
    candidate_name,
    office,
    ward,
    total_contributions,
    cast(contributions_n as integer) as contributions_n,
    cast(contributors_n as integer) as contributors_n,
    elected,
    incumbent,
    filing_type,
    source_dataset,
    lpad(cast(id as varchar), 12, '0') as _sort
from int_campaigns
