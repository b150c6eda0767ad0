-- GET /registrations rows, ordered by the numeric SM number.
select
    id,
    client_organization_id,
    lobbyist_person_id,
    firm_organization_id,
    type,
    status,
    subjects,
    topic,
    particulars,
    summary,
    ward,
    initial_approval_date,
    start_date,
    end_date,
    lpad(cast(sm_digits as varchar), 12, '0') || ' ' || id as _sort
from int_registrations
