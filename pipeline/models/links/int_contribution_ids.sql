-- Stable contribution ids (L7 from_id and the published contribution_id): ids issued by earlier runs are kept and
-- new rows get the next numbers in key order (stable_ids macro); saved to the id state after a good run.
select * from stable_ids('contribution', 'lnk_l7_contribution_keys')
