-- One contribution as the City published it, for the reviewer's eyes only (the address and postal code never leave
-- the desk): the row behind a contribution id of the night's id state.
select
    r.election, r.office, r.ward, r.candidate_name, r.contributor_name, r.contributor_kind, r.contributor_type,
    r.relationship, r.amount, r.contribution_date, r.kind, r.contributor_city, r.contributor_address,
    r.contributor_postal_code, r.source_file, cast(r.source_position as bigint) as source_position
from int_contribution_ids as i
inner join stg_contributions__rows as r
    on i.natural_key = r.election || '|' || r.source_file || '|' || cast(r.source_position as varchar)
where i.entity = 'contribution' -- the id state holds other entities too
    and cast(i.id as varchar) = $id
