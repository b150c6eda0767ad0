-- The published links of each record, as the list its document embeds (ordered by link id), computed once for every
-- detail model.
select entity_type, entity_id, list(link order by id) as links
from int_published_links
group by entity_type, entity_id
