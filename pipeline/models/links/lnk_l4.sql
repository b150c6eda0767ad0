-- L4 features (docs/links-contract.md): communication → person, "the member of council named in the communication
-- (office_holder_raw, office) is that person". Only contacts typed Member of Council name a member as the office
-- holder (staff contacts name their own office holder). Blocking: the members in office on the communication's date
-- (about 45 at a time), kept when the typed name shares a surname-like word with the member, the office names the
-- member's ward or the Mayor's office, or the deterministic rules resolved it to them; so the pairs grow with the
-- communications. The rule-based resolution (int_communications_resolved) is one feature among the others.
with contacts as (
    select
        id as communication_id, registration_id, date, office_holder_raw, office, poh_position,
        member_person_id as rule_person_id, member_match_rank as rule_rank,
        -- the typed name with titles removed, folded like person keys
        person_key(regexp_replace(coalesce(office_holder_raw, ''),
            '(?i)\b(deputy mayor|mayor|councillor|councilor|cllr|mr|mrs|ms|miss|dr|hon|the)\b\.?', ' ', 'g'), '') as poh_key,
        ' ' || trim(regexp_replace(lower(strip_accents(coalesce(office, '') || ' ' || coalesce(poh_position, ''))), '[^a-z0-9]+', ' ', 'g')) || ' ' as office_words,
        ward_in_text(coalesce(office, '') || ' ' || coalesce(poh_position, '')) as office_ward,
        regexp_matches(lower(coalesce(office_holder_raw, '') || ' ' || coalesce(office, '') || ' ' || coalesce(poh_position, '')), '\bmayor')
            and not regexp_matches(lower(coalesce(office_holder_raw, '') || ' ' || coalesce(office, '') || ' ' || coalesce(poh_position, '')), 'deputy mayor') as names_mayor
    from int_communications_resolved
    where office_holder_type = 'member_of_council' -- only these contacts name a member as the office holder
),

wards_seen as (
    -- terms before 2018 have no officials list, so a member's ward is unknown there; it is read off the
    -- communications the rules resolved by name (rules 1-2) whose office text names a ward: the ward named most often
    -- for the member in that term, when named at least twice
    select c.member_person_id as person_id, t.term, mode(ward_in_text(coalesce(c.office, '') || ' ' || coalesce(c.poh_position, ''))) as ward
    from int_communications_resolved as c
    inner join int_terms as t on c.date between t.start_date and t.end_date
    where c.member_match_rank <= 2 -- resolved by the typed name, not by the ward itself
        and ward_in_text(coalesce(c.office, '') || ' ' || coalesce(c.poh_position, '')) is not null -- the office names a ward
    group by all
    having count(*) >= 2
),

in_office as (
    select p.id as person_id, p.canonical_name, m.term, m.role, coalesce(m.ward, w.ward) as ward, m.ward is null and w.ward is not null as ward_inferred,
        m.start_date, m.end_date,
        person_key(m.first_name, '') as first_key, person_key('', m.last_name) as last_key, m.name_key
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
    left join wards_seen as w on w.person_id = p.id and w.term = m.term
),

pairs as (
    select
        c.*, m.person_id, m.canonical_name, m.term, m.role, m.ward, m.ward_inferred, m.first_key, m.last_key, m.name_key,
        string_split(coalesce(c.poh_key, ''), ' ') as poh_tokens
    from contacts as c
    inner join in_office as m on c.date between m.start_date and m.end_date -- members in office that day
),

compared as (
    select
        *,
        -- the closest word of the typed name to the member's surname (compound surnames compared whole too)
        greatest(list_max(list_transform(poh_tokens, t -> jaro_winkler_similarity(t, last_key))),
            jaro_winkler_similarity(coalesce(poh_key, ''), last_key),
            case when len(poh_tokens) >= 2 then jaro_winkler_similarity(array_to_string(poh_tokens[2:], ' '), last_key) else 0 end) as surname_sim,
        list_contains(poh_tokens, last_key) or contains(' ' || coalesce(poh_key, '') || ' ', ' ' || last_key || ' ') as surname_exact,
        case when poh_key is null then 0 else jaro_winkler_similarity(poh_key, name_key) end as full_sim,
        len(poh_tokens) >= 2 and poh_tokens[1] = first_key as first_exact,
        len(poh_tokens) >= 2 and length(poh_tokens[1]) = 1 and poh_tokens[1] = left(first_key, 1) as initial_agrees,
        len(poh_tokens) >= 2 and poh_tokens[1] <> first_key and left(poh_tokens[1], 1) <> left(first_key, 1) as first_conflict,
        contains(office_words, ' ' || last_key || ' ') as surname_in_office
    from pairs
),

blocked as (
    select
        *,
        -- how many members in office that day fit the typed surname as well: a shared surname needs more evidence
        count(*) filter (where surname_sim >= 0.9) over (partition by communication_id) as surname_candidates
    from compared
    -- keep members with some sign of being the one named; the rest of the council is not a candidate
    where surname_sim >= 0.8 or surname_in_office or office_ward = ward or (names_mayor and role = 'mayor')
        or rule_person_id = person_id
),

features as (
    select
        *,
        map {
            'full_name_similarity': round(full_sim, 4),
            'surname_similarity': round(surname_sim, 4),
            'surname_exact': surname_exact::int,
            'first_name_exact': first_exact::int,
            'initial_agrees': initial_agrees::int,
            'first_name_conflict': first_conflict::int,
            'surname_in_office_text': surname_in_office::int,
            'ward_in_office_matches': coalesce(office_ward = ward, false)::int,
            'ward_in_office_conflicts': coalesce(office_ward <> ward or (office_ward is not null and ward is null), false)::int,
            'mayors_office': (names_mayor and role = 'mayor')::int,
            'mayor_named_member_not_mayor': (names_mayor and role <> 'mayor')::int,
            'name_blank': (poh_key is null)::int,
            'other_members_same_surname': round(ln(greatest(surname_candidates, 1)), 4),
            'rule_resolved_to_member': coalesce(rule_person_id = person_id, false)::int
        } as x
    from blocked
),

final as (
    select
        'L4' as task,
        'communication' as from_type,
        communication_id as from_id,
        'person' as to_type,
        cast(person_id as varchar) as to_id,
        x,
        to_json({
            question: 'Is the member of council named in this communication this person?',
            communication: {communication_id: communication_id, registration_id: registration_id, date: date,
                office_holder_as_typed: office_holder_raw, office_as_typed: office, position_as_typed: poh_position},
            person: {person_id: person_id, name: canonical_name, term: term, role: role, ward: ward,
                ward_source: case when ward_inferred then 'communications resolved by name in that term' when ward is not null then 'officials list' end},
            compared_names: [office_holder_raw, canonical_name],
            rule_based_resolution: {person_id: rule_person_id, rule: rule_rank},
            features: x
        }) as evidence,
        '{}'::json as extra
    from features
)

select * from final
