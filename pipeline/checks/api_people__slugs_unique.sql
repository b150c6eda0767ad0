-- Slugs are unique across people and never look like an id.
select slug, count(*) as n from api_people where slug is not null group by slug having count(*) > 1 or regexp_matches(slug, '^\d+$')
