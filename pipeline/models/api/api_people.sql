-- GET /people rows with the roles each person held (role_names, published) and the role tuples that the
-- role/ward/term filters match against.
with roles as (
    select
        person_id,
        list_sort(list(distinct role)) as role_names,
        list_sort(list(distinct struct_pack(role := role, ward := ward, term := term))) as f_roles
    from int_person_roles
    group by person_id
)

select
    p.id,
    p.canonical_name,
    p.first_name,
    p.last_name,
    p.slug,
    coalesce(r.role_names, []) as role_names,
    lpad(cast(p.id as varchar), 12, '0') as _sort,
    coalesce(r.f_roles, []) as f_roles
from int_people as p
left join roles as r on r.person_id = p.id
