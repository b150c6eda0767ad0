-- L5 features (docs/links-contract.md): person (lobbyist) → person (former member of council), "the lobbyist is
-- that former public office holder". Blocking, so pairs grow with the people, not their product: (a) the members
-- whose surname starts with the same three letters (or equals it); (b) for a lobbyist who declares a previous seat
-- on Toronto's council, the members who left office within 31 days of the declared last day and whose given name
-- agrees (equal or an equivalent such as William / Bill), unless a member of the lobbyist's own surname fits — a
-- former member registering under a married surname.
-- Features: the given name beside the same surname (equal, an equivalent, the member's given name as the lobbyist's
-- middle initial, or another), the registrant's declared previous public office (PreviousPublicOfficeHolder,
-- position, program, last date) against the member's terms, ward and mayoralty, an office held elsewhere (another
-- council, a school board, the province), and when the lobbying began. The name similarity is evidence only.
-- `evidence.confirming_records` lists the independent records that agree; L5 publishes only when a reviewer
-- confirmed the link and at least two such records (distinct sources) are listed.
with lobbyists as (
    select p.id as person_id, p.canonical_name, person_key(p.first_name, '') as first_key, person_key('', p.last_name) as last_key,
        split_part(p.natural_key, ':', 2) as name_key
    from int_people as p
    where p.kind = 'lobbyist' -- the former official is looked for among the lobbyists only
),

declarations as (
    -- the registrant's own statements, one per registration
    select l.person_id, r.registration_id, r.lobbyist_number, r.previous_public_office_holder,
        r.previous_public_office_hold_position as position, r.previous_public_office_position_program_name as program,
        r.previous_public_office_hold_last_date as last_date,
        upper(left(regexp_replace(coalesce(r.middle_initials, ''), '[^A-Za-z]', '', 'g'), 1)) as middle_initial,
        lower(coalesce(r.previous_public_office_hold_position, '') || ' ' || coalesce(r.previous_public_office_position_program_name, '')) as office_text
    from stg_registry__registrants as r
    inner join lobbyists as l on l.name_key = person_key(r.first_name, r.last_name)
),

offices as (
    select
        *,
        -- a seat elsewhere: another municipality or region, a school board, the province or Parliament
        coalesce(previous_public_office_holder, false) and regexp_matches(office_text,
            '\b(region|regional|county|district|school|trustee|provincial|legislative|parliament|mpp|federal|commons|mississauga|brampton|vaughan|markham|richmond hill|oakville|burlington|hamilton|pickering|ajax|whitby|oshawa|newmarket|aurora|caledon)\b') as elsewhere,
        coalesce(previous_public_office_holder, false) and regexp_matches(office_text, 'council|mayor') as council_or_mayor,
        ward_in_text(office_text) as declared_ward
    from declarations
),

toronto_seats as (
    -- declarations of a seat on Toronto's council (councillor or mayor, nothing naming another body)
    select * from offices where council_or_mayor and not elsewhere
),

lobbying as (
    select l.person_id, min(coalesce(g.start_date, g.initial_approval_date)) as first_lobbying, count(distinct g.id) as registrations
    from int_lobbyist_mentions as m
    inner join lobbyists as l using (name_key)
    inner join int_registrations as g on g.id = m.registration_id
    group by all
),

wards_seen as (
    -- terms before 2018 have no officials list, so a member's ward is read, as lnk_l4 reads it, off the communications
    -- the rules resolved by name whose office text names a ward (the ward named most often, at least twice)
    select c.member_person_id as person_id, t.term, mode(ward_in_text(coalesce(c.office, '') || ' ' || coalesce(c.poh_position, ''))) as ward
    from int_communications_resolved as c
    inner join int_terms as t on c.date between t.start_date and t.end_date
    where c.member_match_rank <= 2
        and ward_in_text(coalesce(c.office, '') || ' ' || coalesce(c.poh_position, '')) is not null
    group by all
    having count(*) >= 2
),

equivalents as (
    select name, list(equivalent) as given_equivalents from int_given_name_equivalents group by all
),

members as (
    select p.id as person_id, p.canonical_name, person_key(p.first_name, '') as first_key, person_key('', p.last_name) as last_key,
        max(m.end_date) as left_office, min(m.start_date) as first_took_office,
        -- the latest term; ties (two roles ending the same day) broken by term and role, one row for all four
        arg_max(m.term, (m.end_date, m.term, m.role)) as last_term, arg_max(m.role, (m.end_date, m.term, m.role)) as last_role,
        arg_max(coalesce(m.ward, w.ward), (m.end_date, m.term, m.role)) as last_ward,
        arg_max(m.sources, (m.end_date, m.term, m.role)) as last_term_sources
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
    left join wards_seen as w on w.person_id = p.id and w.term = m.term
    group by all
),

members_named as (
    select m.*, coalesce(e.given_equivalents, []) as given_equivalents
    from members as m
    left join equivalents as e on e.name = m.first_key
),

blocked as (
    select l.person_id as lobbyist_id, m.person_id as member_id
    from lobbyists as l
    inner join members_named as m on left(l.last_key, 3) = left(m.last_key, 3) -- surname block
    union
    select l.person_id, m.person_id
    from lobbyists as l
    inner join toronto_seats as s on s.person_id = l.person_id
    inner join members_named as m on abs(date_diff('day', s.last_date, m.left_office)) <= 31
        and (l.first_key = m.first_key or list_contains(m.given_equivalents, l.first_key)) -- declared seat, given name agrees
    -- only when no member of the lobbyist's own surname fits the declared last day (that member is the surname
    -- block's candidate; two members of one given name often leave office on the same day)
    where not exists (select 1 from members_named as o
        where o.last_key = l.last_key and abs(date_diff('day', s.last_date, o.left_office)) <= 31)
),

pairs as (
    select l.person_id as lobbyist_id, l.canonical_name as lobbyist_name, l.first_key as l_first, l.last_key as l_last, l.name_key as l_key,
        m.person_id as member_id, m.canonical_name as member_name, m.first_key as m_first, m.last_key as m_last,
        m.given_equivalents, m.left_office, m.first_took_office, m.last_term, m.last_role, m.last_ward, m.last_term_sources
    from blocked as b
    inner join lobbyists as l on l.person_id = b.lobbyist_id
    inner join members_named as m on m.person_id = b.member_id
),

fitting as (
    -- the members the lobbyist's declared seat fits by last day and given name: a married-name match is ambiguous
    -- when two members with that given name left office on the same day
    select p.lobbyist_id, list(distinct p.member_id) as fitting_members
    from pairs as p
    inner join toronto_seats as s on s.person_id = p.lobbyist_id and abs(date_diff('day', s.last_date, p.left_office)) <= 31
    where p.l_first = p.m_first or list_contains(p.given_equivalents, p.l_first)
    group by all
),

declared as (
    select p.lobbyist_id, p.member_id,
        bool_or(d.elsewhere) as declared_elsewhere,
        bool_or(d.council_or_mayor and not d.elsewhere) as declared_toronto_seat,
        -- the declared seat fits this member: last day within 31 days of the member leaving, the ward (if stated) theirs
        bool_or(d.council_or_mayor and not d.elsewhere and abs(date_diff('day', d.last_date, p.left_office)) <= 31
            and (d.declared_ward is null or p.last_ward is null or d.declared_ward = p.last_ward)) as declared_seat_fits,
        bool_or(d.council_or_mayor and not d.elsewhere and d.declared_ward = p.last_ward) as declared_ward_matches,
        bool_or(d.council_or_mayor and not d.elsewhere and d.declared_ward <> p.last_ward) as declared_ward_conflicts,
        -- one mayor at a time: a declared mayoralty ending when this member's did names them as a ward would
        bool_or(d.council_or_mayor and not d.elsewhere and contains(d.office_text, 'mayor') and p.last_role = 'mayor'
            and abs(date_diff('day', d.last_date, p.left_office)) <= 31) as declared_mayoralty_matches,
        bool_or(d.middle_initial <> '' and d.middle_initial = upper(left(p.m_first, 1))) as middle_is_member_initial,
        -- sorted (by registration id first): the evidence lists the first three, the same ones every night
        list_sort(list(distinct {registration_id: d.registration_id, position: d.position, program: d.program, last_date: d.last_date,
            ward: d.declared_ward, toronto_seat: d.council_or_mayor and not d.elsewhere}) filter (where d.previous_public_office_holder)) as declaring_registrations
    from pairs as p
    left join offices as d on d.person_id = p.lobbyist_id
    group by all
),

named as (
    select
        p.*, d.* exclude (lobbyist_id, member_id), g.first_lobbying, g.registrations,
        len(list_filter(coalesce(f.fitting_members, []), x -> x <> p.member_id)) as rival_members,
        jaro_winkler_similarity(p.l_key, person_key(p.m_first, p.m_last)) as full_sim,
        p.l_first = p.m_first as first_exact,
        p.l_first <> p.m_first and list_contains(p.given_equivalents, p.l_first) as first_equivalent,
        coalesce(d.middle_is_member_initial, false) as middle_initial_agrees,
        p.l_last = p.m_last as surname_exact
    from pairs as p
    inner join declared as d using (lobbyist_id, member_id)
    left join lobbying as g on g.person_id = p.lobbyist_id
    left join fitting as f on f.lobbyist_id = p.lobbyist_id
),

agreeing as (
    select
        *,
        -- the given name agrees: equal, an equivalent, or (same surname) the member's given name is the lobbyist's
        -- middle initial: the legal first name on the form, the name they go by as middle name
        first_exact or first_equivalent or (middle_initial_agrees and surname_exact) as given_agrees
    from named
),

features as (
    select
        *,
        map {
            -- the given name counts only beside the same surname: without it, only a declared seat that singles the
            -- member out (declared_seat_fits_member) links a lobbyist to them (a married surname); the name
            -- similarity itself is in the evidence, not in the score
            'same_surname_first_name_exact': (surname_exact and first_exact)::int,
            'same_surname_first_name_equivalent': (surname_exact and first_equivalent)::int,
            'same_surname_middle_initial_is_given_name': (surname_exact and not first_exact and not first_equivalent and middle_initial_agrees)::int,
            'same_surname_first_name_conflict': (surname_exact and not first_exact and not first_equivalent and not middle_initial_agrees)::int,
            -- what the registrant declares counts per pair: a seat that fits this member, a seat on Toronto's council
            -- that is someone else's (another last day or ward), an office elsewhere ("I held a seat" alone says
            -- nothing about whose)
            'declared_seat_is_another_members': (coalesce(declared_toronto_seat, false) and not coalesce(declared_seat_fits, false))::int,
            'declared_office_elsewhere': coalesce(declared_elsewhere, false)::int,
            -- a declaration says "I held a seat", not whose: it fits this member only when the given name agrees too,
            -- and, for another surname, when the ward or the mayoralty or nobody else singles them out
            'declared_seat_fits_member': (coalesce(declared_seat_fits, false) and given_agrees and (surname_exact
                or coalesce(declared_ward_matches, false) or coalesce(declared_mayoralty_matches, false) or rival_members = 0))::int,
            'declared_ward_matches': coalesce(declared_ward_matches, false)::int,
            'declared_ward_conflicts': coalesce(declared_ward_conflicts, false)::int,
            'declared_mayoralty_matches': coalesce(declared_mayoralty_matches, false)::int,
            'lobbying_began_after_leaving_office': coalesce(first_lobbying > left_office, false)::int,
            'lobbying_while_member_in_office': coalesce(first_lobbying between first_took_office and left_office, false)::int
        } as x
    from agreeing
),

final as (
    select
        'L5' as task,
        'person' as from_type,
        cast(lobbyist_id as varchar) as from_id,
        'person' as to_type,
        cast(member_id as varchar) as to_id,
        x,
        to_json({
            question: 'Is this lobbyist that former member of council?',
            lobbyist: {person_id: lobbyist_id, name: lobbyist_name, registrations: registrations, first_lobbying: first_lobbying},
            former_official: {person_id: member_id, name: member_name, last_term: last_term, role: last_role, ward: last_ward, left_office: left_office},
            compared_names: [lobbyist_name, member_name],
            full_name_similarity: round(full_sim, 4),
            surname_exact: surname_exact,
            declarations: declaring_registrations[1:3],
            -- other members with the lobbyist's given name who left office on the declared last day (an ambiguity
            -- declared_seat_fits_member accounts for)
            other_members_fitting_declaration: rival_members,
            features: x,
            -- independent records that agree with the match (each with its source and id): the registrant's declared
            -- seat when it fits this member, and the member's last term when the names agree (surname equal, given
            -- name equal or equivalent, similarity >= 0.95), or when it confirms the
            -- declared seat and last day (and the ward or the mayoralty, unless the surname agrees) for a lobbyist whose
            -- given name agrees
            confirming_records: list_concat(
                coalesce(list_transform(list_filter(declaring_registrations,
                        r -> r.toronto_seat and abs(date_diff('day', r.last_date, left_office)) <= 31
                            and (r.ward is null or last_ward is null or r.ward = last_ward))[1:3],
                    r -> {source: 'lobbyist registry', record: 'registration ' || r.registration_id,
                        says: 'registrant declares previous public office: ' || coalesce(r.position, '?') || ' (' || coalesce(r.program, '?')
                            || '), last day ' || coalesce(cast(r.last_date as varchar), '?')}), []),
                case when (full_sim >= 0.95 and surname_exact and given_agrees) or (coalesce(declared_seat_fits, false) and given_agrees
                        and (surname_exact or coalesce(declared_ward_matches, false) or coalesce(declared_mayoralty_matches, false)))
                    then [{source: 'council membership (' || array_to_string(last_term_sources, ', ') || ')',
                        record: 'member term ' || last_term,
                        says: member_name || ' held office as ' || last_role || coalesce(' for ward ' || last_ward, '') || ' until ' || cast(left_office as varchar)}]
                    else [] end)
        }) as evidence,
        '{}'::json as extra
    from features
)

select * from final
