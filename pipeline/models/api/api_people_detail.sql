-- GET /people/{id}: the person with roles, committee memberships and (for members) office contact statistics.
with roles as (
    select person_id, list(struct_pack(role := role, term := term, ward := ward, start_date := start_date,
        end_date := end_date, source := source) order by start_date, role) as roles,
        -- the compact form the /people list publishes, so the detail record is the list record plus its nesting
        list_sort(list(distinct role)) as role_names
    from int_person_roles
    group by person_id
),

committees as (
    select p.id as person_id,
        list(struct_pack(term := c.term, committee_code := c.committee_code, committee := c.committee,
            role := c.role, start_date := c.start_date, end_date := c.end_date)
            order by c.term, c.committee_code, c.start_date) as committees
    from int_committee_memberships as c
    inner join int_people as p on p.natural_key = 'member:' || c.name_key
    group by p.id
),

contact_stats as (
    -- one office's counts as int_office_contact_counts holds them, the figures /insights/office-contacts publishes
    select
        person_id,
        term,
        quarter,
        struct_pack(
            communications := communications, to_member := to_member, to_staff := to_staff,
            registrations := registrations, organizations := organizations, lobbyists := lobbyists,
            first_date := first_date, last_date := last_date,
            by_method := struct_pack(meeting := meeting, call := call, email := email, written := written,
                other := other, not_stated := not_stated)
        ) as stats
    from int_office_contact_counts
),

office_stats as (
    -- the office over all time, with each term's counts (the term rows of /insights/office-contacts)
    select
        a.person_id,
        struct_insert(a.stats, by_term := coalesce((
            select list(struct_concat(struct_pack(term := t.term), t.stats) order by t.term)
            from contact_stats as t where t.person_id = a.person_id and t.quarter = 'term'), [])) as office_contacts
    from contact_stats as a
    where a.quarter is null -- the all-time row
),

members as (
    select distinct person_id from int_person_roles where role = 'member_of_council'
)

select
    cast(p.id as varchar) as id,
    p.slug,
    to_json(struct_pack(
        id := p.id, canonical_name := p.canonical_name, first_name := p.first_name, last_name := p.last_name,
        slug := p.slug,
        role_names := coalesce(r.role_names, []),
        roles := coalesce(r.roles, []),
        committees := coalesce(c.committees, []),
        -- members' offices get statistics even when never contacted; other people have none
        office_contacts := case when m.person_id is not null then coalesce(s.office_contacts, struct_pack(
            communications := 0, to_member := 0, to_staff := 0, registrations := 0, organizations := 0,
            lobbyists := 0, first_date := null, last_date := null,
            by_method := struct_pack(meeting := 0, call := 0, email := 0, written := 0, other := 0, not_stated := 0),
            by_term := []))
        end
    )) as doc
from int_people as p
left join roles as r on r.person_id = p.id
left join committees as c on c.person_id = p.id
left join office_stats as s on s.person_id = p.id
left join members as m on m.person_id = p.id
