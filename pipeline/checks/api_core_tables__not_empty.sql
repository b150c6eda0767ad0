-- A night whose inputs produced no registrations, communications or agenda items is a failed night (missing or
-- unreadable files), not news: it must not replace the published site.
select 'api_registrations' as table_name from (select count(*) as n from api_registrations) where n = 0
union all
select 'api_communications' from (select count(*) as n from api_communications) where n = 0
union all
select 'api_agenda_items' from (select count(*) as n from api_agenda_items) where n = 0
