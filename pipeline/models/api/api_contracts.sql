-- GET /contracts rows: the contract's fields in order, keyed by id (competitive lines `C-…`, then non-competitive `N-…`).
-- The supplier is the resolved one (int_contract_suppliers: equal key, else the published L6 link, as its canonical
-- record), the same organisation every procurement figure counts the contract for.
select
    c.id,
    c.kind,
    s.supplier_organization_id,
    s.supplier_name,
    s.supplier_slug,
    c.supplier_raw,
    c.amount,
    c.date,
    c.division,
    c.category,
    c.description,
    c.document_number,
    c.solicitation_type,
    c.reason,
    c.wards,
    c.source_dataset,
    c._sort,
    coalesce(k.family_ids, []) as f_supplier_ids -- the supplier filter matches any id of the supplier's family
from int_contracts as c
inner join int_contract_suppliers as s on s.contract_id = c.id
left join int_organization_canonical as k on k.organization_id = s.supplier_organization_id
