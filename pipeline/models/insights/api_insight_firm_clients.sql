-- GET /insights/firm-clients (analysis-definitions.md, Procurement): per consultant firm, client and calendar year,
-- the firm's registrations for the client active that year and their communications dated that year. A registration
-- is active from its start date (else its initial approval) to its end date, capped at the export date; with no end
-- date it runs to the export date while active, and to its last communication (else its start) once closed. lobbyists
-- = the registrants of those active registrations and the lobbyists of the year's communications;
-- member_offices_contacted = members whose office (the member or staff resolved to the member) a communication reached;
-- first_date and last_date = the year's first and last communication (null without one).
with export as (
    select cast(export_date as date) as export_day from int_export
),

last_communications as (
    select registration_id, max(date) as last_date from api_communications group by all
),

registrations as (
    select r.id, r.firm_organization_id as firm, r.client_organization_id as client, r.lobbyist_person_id,
        coalesce(r.start_date, r.initial_approval_date) as active_from,
        least((select export_day from export), coalesce(r.end_date,
            case when r.status = 'active' then (select export_day from export)
                else greatest(coalesce(r.start_date, r.initial_approval_date), lc.last_date) end)) as active_to
    from api_registrations as r
    left join last_communications as lc on lc.registration_id = r.id
    where r.type = 'consultant' -- a consultant firm lobbying for a client
        and r.firm_organization_id is not null -- the firm is known
        and r.client_organization_id is not null -- the client is known
),

active_years as (
    select r.firm, r.client, y.year, r.id, r.lobbyist_person_id
    from registrations as r,
        unnest(range(year(r.active_from), year(r.active_to) + 1)) as y(year)
    where r.active_from is not null -- no start and no approval date: never placed in a year
),

communications as (
    select r.firm, r.client, year(c.date) as year, c.date, c.lobbyist_person_id,
        case when c.office_holder_type in ('member_of_council', 'councillor_staff') then c.member_person_id end as member
    from api_communications as c
    inner join registrations as r on r.id = c.registration_id
),

lobbyists as (
    select firm, client, year, lobbyist_person_id from active_years
    union
    select firm, client, year, lobbyist_person_id from communications
),

keys as (
    select firm, client, year from active_years
    union
    select firm, client, year from communications
),

registration_counts as (
    select firm, client, year, count(distinct id) as registrations from active_years group by all
),

lobbyist_counts as (
    select firm, client, year, count(distinct lobbyist_person_id) as lobbyists from lobbyists group by all
),

communication_counts as (
    select firm, client, year, count(*) as communications, count(distinct member) as offices,
        min(date) as first_date, max(date) as last_date
    from communications
    group by all
),

final as (
    select
        cast(k.firm as integer) as firm_organization_id,
        cast(k.client as integer) as client_organization_id,
        cast(k.year as integer) as year,
        cast(coalesce(r.registrations, 0) as integer) as registrations,
        cast(coalesce(c.communications, 0) as integer) as communications,
        cast(coalesce(l.lobbyists, 0) as integer) as lobbyists,
        cast(coalesce(c.offices, 0) as integer) as member_offices_contacted,
        c.first_date,
        c.last_date,
        (select export_date from int_export) as model_version,
        lpad(cast(k.firm as varchar), 12, '0') || ' ' || lpad(cast(k.client as varchar), 12, '0') || ' ' || cast(k.year as varchar) as _sort,
        -- the firm and client filters match any id of the organisation's family (L3 merges)
        coalesce(fa.family_ids, [k.firm]) as f_firm_ids,
        coalesce(ca.family_ids, [k.client]) as f_client_ids
    from keys as k
    left join registration_counts as r using (firm, client, year)
    left join lobbyist_counts as l using (firm, client, year)
    left join communication_counts as c using (firm, client, year)
    left join int_organization_canonical as fa on fa.organization_id = k.firm
    left join int_organization_canonical as ca on ca.organization_id = k.client
)

select * from final
