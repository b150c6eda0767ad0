-- GET /groups rows: the contract's fields in order, keyed by id.
select
    cast(id as integer) as id,
    name,
    basis,
    bases,
    cast(members as integer) as members,
    cast(registrations as integer) as registrations,
    cast(communications as integer) as communications,
    cast(contracts as integer) as contracts,
    contract_amount,
    lpad(cast(id as varchar), 12, '0') as _sort
from int_groups
