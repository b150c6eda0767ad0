-- Each registration's client and consultant firm as the canonical organisation records they answer as (published L3
-- merges applied: int_organization_canonical), the ids every published table and figure names.
select
    r.id as registration_id,
    c.canonical_id as client_organization_id,
    f.canonical_id as firm_organization_id
from int_registrations as r
left join int_organization_canonical as c on c.organization_id = r.client_organization_id
left join int_organization_canonical as f on f.organization_id = r.firm_organization_id
