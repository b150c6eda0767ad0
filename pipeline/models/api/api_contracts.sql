-- GET /contracts rows: the contract's fields in order, keyed by id (competitive lines `C-…`, then non-competitive `N-…`).
select
    id,
    kind,
    supplier_organization_id,
    supplier_name,
    supplier_slug,
    supplier_raw,
    amount,
    date,
    division,
    category,
    description,
    document_number,
    solicitation_type,
    reason,
    wards,
    source_dataset,
    _sort
from int_contracts
