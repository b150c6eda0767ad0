-- Stable ids: ids issued by earlier runs are kept (state_entity_ids, loaded from data/state), new keys get the
-- next numbers in key order, so a record keeps its URL from night to night.
with existing as (
    select entity, natural_key, id from state_entity_ids
),

new_keys as (
    select k.entity, k.natural_key
    from int_entity_keys as k
    anti join existing as e using (entity, natural_key)
),

numbered as (
    select
        n.entity,
        n.natural_key,
        cast(coalesce((select max(id) from existing as e where e.entity = n.entity), 0)
            + row_number() over (partition by n.entity order by n.natural_key) as integer) as id
    from new_keys as n
)

select entity, natural_key, cast(id as integer) as id from existing
union all
select entity, natural_key, id from numbered
