-- Groups have at least two members, and every organisation's group_id names a group that lists it.
select g.id, 'fewer than two members' as problem from api_groups as g where g.members < 2
union all
select o.id, 'group_id without membership' from api_organizations as o
    anti join int_group_members as m on m.organization_id = o.id and m.group_id = o.group_id
    where o.group_id is not null
