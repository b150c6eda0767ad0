-- Fields the contract marks as always present: id, registration_id, office_holder_type, date, first_seen_date.
select id from api_communications
where id is null or registration_id is null or office_holder_type is null or date is null or first_seen_date is null
