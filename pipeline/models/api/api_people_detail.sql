-- GET /people/{id}: the person with roles, committee memberships and (for members) office contact statistics.
with roles as (
    select person_id, list(struct_pack(role := role, term := term, ward := ward, start_date := start_date,
        end_date := end_date, source := source) order by start_date, role) as roles
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

contacts as (
    -- communications that reached the member's office: the member or the member's staff
    select c.*, r.client_organization_id, t.term
    from int_communications as c
    inner join int_registrations as r on r.id = c.registration_id
    left join int_terms as t on c.date between t.start_date and t.end_date
    where c.member_person_id is not null
),

per_term as (
    select member_person_id, term, count(*) as communications
    from contacts
    group by all
),

office_stats as (
    select
        c.member_person_id as person_id,
        struct_pack(
            communications := count(*),
            to_member := count(*) filter (where c.office_holder_type = 'member_of_council'),
            to_staff := count(*) filter (where c.office_holder_type = 'councillor_staff'),
            registrations := count(distinct c.registration_id),
            organizations := count(distinct c.client_organization_id),
            lobbyists := count(distinct c.lobbyist_person_id),
            first_date := min(c.date),
            last_date := max(c.date),
            by_method := struct_pack(
                meeting := count(*) filter (where c.method = 'meeting'),
                call := count(*) filter (where c.method = 'call'),
                email := count(*) filter (where c.method = 'email'),
                written := count(*) filter (where c.method = 'written'),
                other := count(*) filter (where c.method = 'other' or c.method is null)
            ),
            by_term := (select list(struct_pack(term := t.term, communications := t.communications) order by t.term)
                from per_term as t where t.member_person_id = c.member_person_id)
        ) as office_contacts
    from contacts as c
    group by c.member_person_id
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
        roles := coalesce(r.roles, []),
        committees := coalesce(c.committees, []),
        -- members' offices get statistics even when never contacted; other people have none
        office_contacts := case when m.person_id is not null then coalesce(s.office_contacts, struct_pack(
            communications := 0, to_member := 0, to_staff := 0, registrations := 0, organizations := 0,
            lobbyists := 0, first_date := null, last_date := null, by_method := null, by_term := []))
        end
    )) as doc
from int_people as p
left join roles as r on r.person_id = p.id
left join committees as c on c.person_id = p.id
left join office_stats as s on s.person_id = p.id
left join members as m on m.person_id = p.id
