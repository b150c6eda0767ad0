-- The wards of each registration's linked sites, sorted: the registrations `ward` (when there is exactly one) and
-- the ward filters of registrations and communications both read this one definition.
select
    registration_id,
    list_sort(list(distinct ward) filter (where ward is not null)) as wards
from int_registration_sites
group by registration_id
