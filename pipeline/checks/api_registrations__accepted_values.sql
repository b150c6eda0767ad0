-- Status and type hold only the contract's filter values (or null when the source had something else).
select id, status, type from api_registrations
where status not in ('active', 'closed', 'closed by lro') or type not in ('consultant', 'in_house', 'voluntary')
