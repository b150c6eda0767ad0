-- Every published tier 1-2 L7 link appears at /contributions as its contribution and the canonical record of its
-- organisation (none lost for want of a campaign; links to two records of one family are one row), and nothing else.
select l.id, 'confirmed L7 link not published' as problem
from int_links as l
inner join int_organization_canonical as k on k.organization_id = cast(l.to_id as integer)
where l.task = 'L7' and l.published and cast(l.extra ->> '$.tier' as integer) in (1, 2)
    and not exists (select 1 from api_contributions as c
        where c.contribution_id = cast(l.from_id as integer) and c.organization_id = k.canonical_id)
union all
select c.id, 'published without a confirmed tier 1-2 L7 link'
from api_contributions as c
where c.id not in (select id from int_links where task = 'L7' and published)
