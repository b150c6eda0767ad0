-- Share of sites per geocoding method (and per source naming them), for the data-quality report and docs/geocoding.md.
with sites_by_source as (
    select distinct m.source, s.id, s.geocode_method
    from int_site_mentions as m
    join int_sites as s using (address_key)
    union all
    select distinct 'all', id, geocode_method from int_sites
)

select
    source,
    geocode_method,
    cast(count(*) as integer) as sites,
    round(count(*) / sum(count(*)) over (partition by source), 4) as share
from sites_by_source
group by source, geocode_method
order by source, geocode_method
