-- L3 blocking: pairs of organisation records that could be one legal entity. Two records are compared only when
-- they share a blocking key — a name word of four letters or more, the sorted letters of the first word, initials,
-- a trade name, a registry postal code or a lobbyist — and a key shared by more than 40 organisations (a common word,
-- a shared office tower, a lobbyist with many clients) is dropped, so the pairs grow with the records, not their square.
with name_keys as (
    select distinct organization_id, 'name' as basis, unnest(block_tokens) as block_key from lnk_l3_org_names
    union all
    select distinct organization_id, 'name', name_key from lnk_l3_org_names
),

fact_keys as (
    select organization_id, 'postal_code' as basis, unnest(postal_codes) as block_key from lnk_l3_org_facts
    union all
    select organization_id, 'lobbyist', cast(unnest(lobbyist_ids) as varchar) from lnk_l3_org_facts
),

keys as (
    select * from name_keys
    union all
    select * from fact_keys
),

usable as (
    select * from keys
    -- big blocks carry little information and cost a square: skipped
    qualify count(*) over (partition by basis, block_key) between 2 and 40
)

select a.organization_id as organization_a, b.organization_id as organization_b, list(distinct a.basis order by a.basis) as blocked_by
from usable as a
inner join usable as b on a.basis = b.basis and a.block_key = b.block_key
    and a.organization_id < b.organization_id -- each unordered pair once
group by all
