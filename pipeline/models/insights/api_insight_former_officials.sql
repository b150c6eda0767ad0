-- GET /insights/former-officials (analysis-definitions.md 4.8): lobbyists matched to a former member of council by a
-- published, reviewer-confirmed L5 link (published L5 links need a confirmation and two independent confirming
-- records). left_office is the end of the member's last term of office that ended before the export date, role the
-- role held then. Registrations (as registrant), communications (as lobbyist) and communications to former colleagues
-- count from the day after leaving office; a former colleague's office is that of a member who held office at the
-- same time as the former official, or the office they held themselves (the mayoralty, or the same ward under the
-- same ward boundaries where both wards are known). months_after_leaving counts complete calendar months.
with links as (
    select
        cast(from_id as integer) as lobbyist_person_id,
        cast(to_id as integer) as former_official_person_id,
        cast(evidence -> '$.confirming_records' as json[]) as records
    from api_links
    where task = 'L5' -- lobbyist → former member of council
        and reviewed_at is not null -- reviewer-confirmed (a rejected link is never published)
),

export as (
    select export_day, export_date from int_export
),

tenures as (
    -- each term of office of each member, with its ward model (ward numbers compare only under one model)
    select p.id as person_id, m.term, m.role, m.ward, m.start_date, m.end_date, t.ward_model
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
    inner join int_terms as t using (term)
),

left_office as (
    select
        l.lobbyist_person_id,
        l.former_official_person_id,
        max(t.end_date) as left_office,
        arg_max(t.role, (t.end_date, t.role)) as last_role
    from links as l
    inner join tenures as t on t.person_id = l.former_official_person_id
    where t.end_date < (select export_day from export) -- a term still running is not an office left
    group by all
),

colleagues as (
    -- the members whose offices the former official served with (overlapping time in office) or in (same seat)
    select distinct l.lobbyist_person_id, l.former_official_person_id, o.person_id as colleague_person_id
    from links as l
    inner join tenures as f on f.person_id = l.former_official_person_id
    inner join tenures as o on o.person_id <> f.person_id
        and (
            (o.start_date <= f.end_date and o.end_date >= f.start_date) -- in office at the same time
            or (f.role = 'mayor' and o.role = 'mayor') -- the mayoralty they held
            or (f.ward = o.ward and f.ward_model = o.ward_model) -- the ward seat they held
        )
),

registrations as (
    select lobbyist_person_id, id, initial_approval_date from api_registrations
),

activity as (
    select
        l.lobbyist_person_id,
        l.former_official_person_id,
        min(r.initial_approval_date) filter (where r.initial_approval_date > lo.left_office or lo.left_office is null)
            as first_registration_after,
        count(distinct r.id) filter (where r.initial_approval_date > lo.left_office or lo.left_office is null)
            as registrations
    from links as l
    left join left_office as lo using (lobbyist_person_id, former_official_person_id)
    left join registrations as r on r.lobbyist_person_id = l.lobbyist_person_id
    group by all
),

contacts as (
    -- the lobbyist's communications as a former official, each with the colleague it reached (if it did)
    select l.lobbyist_person_id, l.former_official_person_id, c.id, k.colleague_person_id
    from links as l
    left join left_office as lo using (lobbyist_person_id, former_official_person_id)
    inner join api_communications as c on c.lobbyist_person_id = l.lobbyist_person_id
        and (c.date > lo.left_office or lo.left_office is null) -- lobbying after leaving office
    left join colleagues as k on k.lobbyist_person_id = l.lobbyist_person_id
        and k.former_official_person_id = l.former_official_person_id
        and k.colleague_person_id = c.member_person_id
        and c.office_holder_type in ('member_of_council', 'councillor_staff') -- a member's office (member or staff)
),

contact_counts as (
    select
        lobbyist_person_id,
        former_official_person_id,
        count(distinct id) as communications,
        count(distinct id) filter (where colleague_person_id is not null) as to_former_colleagues
    from contacts
    group by all
),

final as (
    select
        l.lobbyist_person_id,
        lp.canonical_name as lobbyist_name,
        l.former_official_person_id,
        fp.canonical_name as former_official_name,
        case lo.last_role when 'mayor' then 'mayor' else 'member_of_council' end as role,
        lo.left_office,
        a.first_registration_after,
        cast(datesub('month', lo.left_office, a.first_registration_after) as integer) as months_after_leaving,
        cast(a.registrations as integer) as registrations,
        cast(coalesce(c.communications, 0) as integer) as communications,
        cast(coalesce(c.to_former_colleagues, 0) as integer) as communications_to_former_colleagues,
        -- the confirming records of the link, each with its source and id (and what it says)
        to_json(list_transform(l.records, r -> {
            source: json_extract_string(r, '$.source'),
            id: json_extract_string(r, '$.record'),
            says: json_extract_string(r, '$.says')})) as evidence,
        (select export_date from export) as model_version,
        lpad(cast(l.lobbyist_person_id as varchar), 12, '0') || ' '
            || lpad(cast(l.former_official_person_id as varchar), 12, '0') as _sort
    from links as l
    inner join api_people as lp on lp.id = l.lobbyist_person_id
    inner join api_people as fp on fp.id = l.former_official_person_id
    left join left_office as lo using (lobbyist_person_id, former_official_person_id)
    left join activity as a using (lobbyist_person_id, former_official_person_id)
    left join contact_counts as c using (lobbyist_person_id, former_official_person_id)
    where len(l.records) >= 2 -- at least two confirming records (the publication rule for L5, restated)
)

select * from final
