-- Every published tier 1-2 L7 link appears at /contributions (none lost for want of a campaign), and nothing else does.
select l.id, 'confirmed L7 link not published' as problem
from int_links as l
where l.task = 'L7' and l.published and cast(l.extra ->> '$.tier' as integer) in (1, 2)
    and l.id not in (select id from api_contributions)
union all
select c.id, 'published without a confirmed tier 1-2 L7 link'
from api_contributions as c
where c.id not in (select id from int_links where task = 'L7' and published)
