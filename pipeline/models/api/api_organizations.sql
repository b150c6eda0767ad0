-- GET /organizations rows: the contract's fields in order, keyed by id.
select
    id,
    canonical_name,
    aliases,
    type,
    group_id,
    slug,
    lpad(cast(id as varchar), 12, '0') as _sort
from int_organizations
