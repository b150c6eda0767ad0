-- Every natural key that needs a stable public id: people by kind and name, organisations by name key.
with keys as (
    select distinct 'person' as entity, 'member:' || name_key as natural_key from int_member_terms
    union
    select distinct 'person', 'lobbyist:' || name_key from int_lobbyist_mentions
    union
    select distinct 'person', 'staff:' || name_key from int_staff_mentions
    union
    select distinct 'organization', org_key from int_organization_mentions
)

select * from keys
