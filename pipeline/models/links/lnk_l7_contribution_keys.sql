-- The natural key of every contribution row (L7 from_id): election, source file and 1-based data row, e.g.
-- `2014|campaign-finance/2014/3_Counillor_Contributions_2014_election.csv|61`. Numbered by int_contribution_ids.
select distinct election || '|' || source_file || '|' || cast(source_position as varchar) as natural_key
from stg_contributions__rows
