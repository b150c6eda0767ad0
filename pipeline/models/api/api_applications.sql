-- GET /applications rows in natural id order (digit runs compared as numbers: planning files first, then CoA
-- reference numbers); f_sites lists every site the application names, for the `site` filter.
select
    id,
    kind,
    type,
    slug,
    site_id,
    address,
    ward,
    submitted,
    status,
    decision,
    decision_date,
    hearing_date,
    outcome,
    appealed,
    objections,
    units,
    gfa,
    size_band,
    description,
    parent_id,
    url,
    sort_key as _sort,
    site_ids as f_sites
from int_applications
