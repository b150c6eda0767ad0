-- Stable site ids: ids issued by earlier runs are kept (the id state), new address keys get the next numbers in
-- key order. Saved back to the state after a good run, so /sites/{id} URLs do not move from night to night.
select * from stable_ids('site', 'int_site_geocodes')
