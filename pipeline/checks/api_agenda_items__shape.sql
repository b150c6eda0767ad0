-- Item ids have the TMMIS reference shape and the recorded-vote flag agrees with first_vote_date's source.
select id from api_agenda_items
where not regexp_matches(id, '^\d{4}\.[A-Z]{2,3}\d+\.\d+[a-z]?$') or has_recorded_vote not in (0, 1)
