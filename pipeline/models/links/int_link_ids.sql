-- Stable link ids (see int_link_keys).
select * from stable_ids('link', 'int_link_keys')
