-- Every row of api_links has a unique id and a unique, non-null keyset value.
select 'id' as key, cast(id as varchar) as value, count(*) as n from api_links group by id having count(*) > 1
union all
select '_sort', _sort, count(*) from api_links group by _sort having count(*) > 1 or _sort is null
