-- GET /insights/procurement-timeline (analysis-definitions.md, Procurement): one organisation's lobbying and
-- procurement on one timeline. The organisation is a canonical record, so its L3 family (the records merged into it)
-- is one organisation here as everywhere. Events: the registrations naming it as client (dated by initial approval)
-- and their communications; the contracts it won (/contracts' supplier: key-resolved, else the published L6 link),
-- with the solicitation each answered (issue date, closing date). `inside` = 1 for a communication dated inside an
-- open solicitation window — from the solicitation's issue date to the date the organisation was first awarded a
-- contract under it, both days included — of a solicitation it won; 0 for other communications; null on other
-- events. Ordered by date, then
-- event (registration, communication, solicitation_issued, solicitation_closed, contract_awarded), then id; `row`
-- numbers the organisation's events in that order.
with solicitations as (
    -- the solicitation each contract answered, as its published document carries it
    select
        id as contract_id,
        try_cast(json_extract_string(doc, '$.solicitation.issue_date') as date) as issue_date,
        try_cast(json_extract_string(doc, '$.solicitation.submission_deadline') as date) as closing_date
    from api_contracts_detail
),

wins as (
    -- the contracts the organisation won, as /contracts?supplier= lists them
    select
        c.supplier_organization_id as organization_id,
        c.id as contract_id,
        c.date,
        c.amount,
        c.document_number,
        c._sort,
        c.supplier_organization_id,
        sol.issue_date,
        sol.closing_date
    from api_contracts as c
    left join solicitations as sol on sol.contract_id = c.id
    where c.supplier_organization_id is not null -- a contract resolved to no organisation is on no timeline
),

windows as (
    -- one window per solicitation the organisation won: issue date to its first award to it
    select organization_id, document_number, any_value(issue_date) as issue_date,
        any_value(closing_date) as closing_date, min(date) as awarded
    from wins
    where document_number is not null -- no document number: no solicitation to place
        and issue_date is not null -- the solicitation's record was found (published in the contract document)
    group by all
),

registrations as (
    select id, client_organization_id as organization_id, coalesce(initial_approval_date, start_date) as date, _sort
    from api_registrations
    where client_organization_id is not null -- the timeline is the client's: the organisation lobbied for
),

communications as (
    select r.organization_id, c.id, c.registration_id, c.member_person_id, c.date, c._sort
    from api_communications as c
    inner join registrations as r on r.id = c.registration_id
),

inside as (
    -- each communication inside a window, with the window's document (the earliest issued, then the lowest number)
    select c.id, c.organization_id,
        arg_min(w.document_number, strftime(w.issue_date, '%Y-%m-%d') || ' ' || w.document_number) as window_document
    from communications as c
    inner join windows as w on w.organization_id = c.organization_id
        and c.date between w.issue_date and w.awarded -- issue day and award day both count as open
    group by all
),

events as (
    select organization_id, 'registration' as event, 1 as event_order, date, id as registration_id,
        cast(null as varchar) as communication_id, cast(null as integer) as member_person_id,
        cast(null as varchar) as contract_id, cast(null as varchar) as document_number,
        cast(null as integer) as supplier_organization_id, cast(null as double) as amount,
        cast(null as integer) as inside, _sort as id_sort
    from registrations
    union all
    select c.organization_id, 'communication', 2, c.date, c.registration_id, c.id, c.member_person_id, null,
        i.window_document, null, null, case when i.id is not null then 1 else 0 end, c._sort
    from communications as c
    left join inside as i on i.id = c.id and i.organization_id = c.organization_id
    union all
    select organization_id, 'solicitation_issued', 3, issue_date, null, null, null, null, document_number, null, null,
        null, document_number
    from windows
    union all
    select organization_id, 'solicitation_closed', 4, closing_date, null, null, null, null, document_number, null, null,
        null, document_number
    from windows
    union all
    select organization_id, 'contract_awarded', 5, date, null, null, null, contract_id, document_number,
        supplier_organization_id, amount, null, _sort
    from wins
),

numbered as (
    select
        *,
        row_number() over (partition by organization_id order by date, event_order, id_sort) as row
    from events
    where date is not null -- an undated event has no place on a timeline (a contract without an award date)
),

final as (
    select
        cast(n.organization_id as integer) as organization_id,
        cast(row as integer) as row,
        event,
        date,
        registration_id,
        communication_id,
        member_person_id,
        contract_id,
        document_number,
        supplier_organization_id,
        amount,
        inside,
        (select export_date from int_export) as model_version,
        lpad(cast(n.organization_id as varchar), 12, '0') || ' ' || lpad(cast(row as varchar), 9, '0') as _sort,
        -- the organisation filter matches any id of its family (L3 merges)
        coalesce(k.family_ids, [n.organization_id]) as f_organization_ids
    from numbered as n
    left join int_organization_canonical as k on k.organization_id = n.organization_id
)

select * from final
