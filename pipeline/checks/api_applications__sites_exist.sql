-- Every site an application names exists at /sites.
with named as (
    select a.id, unnest(a.f_sites) as site_id from api_applications as a
)

select n.id, n.site_id from named as n
where n.site_id not in (select id from api_sites)
