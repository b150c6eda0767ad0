-- L5 features (docs/links-contract.md): person (lobbyist) → person (former member of council), "the lobbyist is
-- that former public office holder". Blocking: a lobbyist is compared with the members whose surname starts with
-- the same three letters (or equals it), so pairs grow with the people, not their product. Features: name
-- similarity, the registrant's declared previous public office (PreviousPublicOfficeHolder, position, last date)
-- against the member's terms, and whether the lobbying began after the member left office.
-- `evidence.confirming_records` lists the independent records that agree; L5 publishes only when a reviewer
-- confirmed the link and at least two such records are listed.
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
        r.previous_public_office_hold_last_date as last_date
    from stg_registry__registrants as r
    inner join lobbyists as l on l.name_key = person_key(r.first_name, r.last_name)
),

lobbying as (
    select l.person_id, min(coalesce(g.start_date, g.initial_approval_date)) as first_lobbying, count(distinct g.id) as registrations
    from int_lobbyist_mentions as m
    inner join lobbyists as l using (name_key)
    inner join int_registrations as g on g.id = m.registration_id
    group by all
),

members as (
    select p.id as person_id, p.canonical_name, person_key(p.first_name, '') as first_key, person_key('', p.last_name) as last_key,
        max(m.end_date) as left_office, min(m.start_date) as first_took_office,
        arg_max(m.term, m.end_date) as last_term, arg_max(m.role, m.end_date) as last_role, arg_max(m.ward, m.end_date) as last_ward,
        arg_max(m.sources, m.end_date) as last_term_sources
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
    group by all
),

pairs as (
    select l.person_id as lobbyist_id, l.canonical_name as lobbyist_name, l.first_key as l_first, l.last_key as l_last, l.name_key as l_key,
        m.person_id as member_id, m.canonical_name as member_name, m.first_key as m_first, m.last_key as m_last,
        m.left_office, m.first_took_office, m.last_term, m.last_role, m.last_ward, m.last_term_sources
    from lobbyists as l
    inner join members as m on left(l.last_key, 3) = left(m.last_key, 3) -- surname block
),

declared as (
    select p.lobbyist_id, p.member_id,
        bool_or(d.previous_public_office_holder) as declared_previous_office,
        bool_or(d.previous_public_office_holder and regexp_matches(lower(coalesce(d.position, '')), 'council|mayor')) as declared_council_office,
        bool_or(d.previous_public_office_holder and abs(date_diff('day', d.last_date, p.left_office)) <= 31) as declared_date_matches,
        list(distinct {registration_id: d.registration_id, position: d.position, program: d.program, last_date: d.last_date})
            filter (where d.previous_public_office_holder) as declaring_registrations
    from pairs as p
    left join declarations as d on d.person_id = p.lobbyist_id
    group by all
),

features as (
    select
        p.*, d.* exclude (lobbyist_id, member_id), g.first_lobbying, g.registrations,
        jaro_winkler_similarity(p.l_key, person_key(p.m_first, p.m_last)) as full_sim,
        map {
            'full_name_similarity': round(jaro_winkler_similarity(p.l_key, person_key(p.m_first, p.m_last)), 4),
            'surname_exact': (p.l_last = p.m_last)::int,
            'first_name_exact': (p.l_first = p.m_first)::int,
            'first_initial_agrees': (left(p.l_first, 1) = left(p.m_first, 1))::int,
            'declared_previous_public_office': coalesce(d.declared_previous_office, false)::int,
            -- a declaration says "I held public office", not whose seat: it counts towards this member only when
            -- the names agree (surname equal, first initial agreeing)
            'declared_council_office_and_name_agrees': (coalesce(d.declared_council_office, false)
                and p.l_last = p.m_last and left(p.l_first, 1) = left(p.m_first, 1))::int,
            'declared_last_date_matches_term_end_and_name_agrees': (coalesce(d.declared_date_matches, false)
                and p.l_last = p.m_last and left(p.l_first, 1) = left(p.m_first, 1))::int,
            'first_name_conflict': (left(p.l_first, 1) <> left(p.m_first, 1))::int,
            'lobbying_began_after_leaving_office': coalesce(g.first_lobbying > p.left_office, false)::int,
            'lobbying_while_member_in_office': coalesce(g.first_lobbying between p.first_took_office and p.left_office, false)::int
        } as x
    from pairs as p
    inner join declared as d using (lobbyist_id, member_id)
    left join lobbying as g on g.person_id = p.lobbyist_id
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
            features: x,
            -- independent records that agree with the match (each with its source and id)
            confirming_records: list_concat(
                coalesce(list_transform(list_filter(declaring_registrations,
                        r -> regexp_matches(lower(coalesce(r.position, '')), 'council|mayor') and abs(date_diff('day', r.last_date, left_office)) <= 31)[1:3],
                    r -> {source: 'lobbyist registry', record: 'registration ' || r.registration_id,
                        says: 'registrant declares previous public office: ' || coalesce(r.position, '?') || ' (' || coalesce(r.program, '?')
                            || '), last day ' || coalesce(cast(r.last_date as varchar), '?')}), []),
                case when full_sim >= 0.95 then [{source: 'council membership (' || array_to_string(last_term_sources, ', ') || ')',
                    record: 'member term ' || last_term,
                    says: member_name || ' held office as ' || last_role || ' until ' || cast(left_office as varchar)}] else [] end)
        }) as evidence,
        '{}'::json as extra
    from features
)

select * from final
