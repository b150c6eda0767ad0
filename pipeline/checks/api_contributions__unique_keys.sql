-- Every row of api_contributions has a unique id and a unique, non-null keyset value.
select 'id' as key, cast(id as varchar) as value, count(*) as n from api_contributions group by id having count(*) > 1
union all
select '_sort', _sort, count(*) from api_contributions group by _sort having count(*) > 1 or _sort is null
