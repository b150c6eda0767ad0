-- L4 features (docs/links-contract.md): communication → person, "the member of council named in the communication
-- (office_holder_raw, office) is that person". Only contacts typed Member of Council name a member as the office
-- holder (staff contacts name their own office holder). Blocking: the members in office on the communication's date
-- (about 45 at a time), kept when the typed name shares a surname-like word with the member, the office names the
-- member's ward or the Mayor's office, or the deterministic rules resolved it to them; so the pairs grow with the
-- communications. Councils seat look-alikes (Mayor Rob Ford and Councillor Doug Ford; Thompson and Thomson), so the
-- surname alone does not decide: the given name or initial, the title, the ward and the office text do, and a
-- candidate that another member fits at least as well is marked ambiguous. The rule-based resolution
-- (int_communications_resolved) is one feature among the others.
with contacts as (
    select
        id as communication_id, registration_id, date, office_holder_raw, office, poh_position,
        member_person_id as rule_person_id, member_match_rank as rule_rank,
        -- the typed name with titles removed, folded like person keys
        person_key(regexp_replace(coalesce(office_holder_raw, ''),
            '(?i)\b(deputy mayor|mayor|councillor|councilor|cllr|mr|mrs|ms|miss|dr|hon|the)\b\.?', ' ', 'g'), '') as poh_key,
        ' ' || trim(regexp_replace(lower(strip_accents(coalesce(office, '') || ' ' || coalesce(poh_position, ''))), '[^a-z0-9]+', ' ', 'g')) || ' ' as office_words,
        -- the office as typed, folded, to compare with the offices other communications give for a member
        nullif(trim(regexp_replace(lower(strip_accents(coalesce(office, ''))), '[^a-z0-9]+', ' ', 'g')), '') as office_key,
        ward_in_text(coalesce(office, '') || ' ' || coalesce(poh_position, '')) as office_ward,
        lower(coalesce(office_holder_raw, '') || ' ' || coalesce(office, '') || ' ' || coalesce(poh_position, '')) as all_text
    from int_communications_resolved
    where office_holder_type = 'member_of_council' -- only these contacts name a member as the office holder
),

titled as (
    select *,
        regexp_matches(all_text, '\bmayor') and not regexp_matches(all_text, 'deputy mayor') as names_mayor,
        regexp_matches(all_text, '\b(councillor|councilor|cllr)\b') as names_councillor
    from contacts
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

offices_seen as (
    -- the office texts lobbyists gave for a member in a term ("Etobicoke North", "Mayor's Office"), read off the
    -- communications the rules resolved by name; an office text given for one member only identifies that member
    select t.term, nullif(trim(regexp_replace(lower(strip_accents(coalesce(c.office, ''))), '[^a-z0-9]+', ' ', 'g')), '') as office_key,
        c.member_person_id as person_id, count(*) as n
    from int_communications_resolved as c
    inner join int_terms as t on c.date between t.start_date and t.end_date
    where c.member_match_rank <= 2 and c.office_holder_type = 'member_of_council'
    group by all
),

office_owners as (
    select term, office_key, min(person_id) as owner, sum(n) as n
    from offices_seen
    where office_key is not null
    group by all
    having count(distinct person_id) = 1 -- "City Council" or a blank office belongs to everybody
),

equivalents as (
    select name, list(equivalent) as given_equivalents from int_given_name_equivalents group by all
),

in_office as (
    select p.id as person_id, p.canonical_name, m.term, m.role, coalesce(m.ward, w.ward) as ward, m.ward is null and w.ward is not null as ward_inferred,
        m.start_date, m.end_date,
        person_key(m.first_name, '') as first_key, person_key('', m.last_name) as last_key, m.name_key,
        coalesce(e.given_equivalents, []) as given_equivalents
    from int_member_terms as m
    inner join int_people as p on p.natural_key = 'member:' || m.name_key
    left join wards_seen as w on w.person_id = p.id and w.term = m.term
    left join equivalents as e on e.name = person_key(m.first_name, '')
),

pairs as (
    select
        c.*, m.person_id, m.canonical_name, m.term, m.role, m.ward, m.ward_inferred, m.first_key, m.last_key, m.name_key,
        m.given_equivalents,
        string_split(coalesce(c.poh_key, ''), ' ') as poh_tokens,
        o.owner as office_owner,
        coalesce(o.n, 0) - case when c.rule_rank <= 2 and c.office_key = o.office_key then 1 else 0 end as office_owner_support
    from titled as c
    inner join in_office as m on c.date between m.start_date and m.end_date -- members in office that day
    left join office_owners as o on o.term = m.term and o.office_key = c.office_key
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
        -- the typed words that are not the surname (in any order: "Ford, Doug" names Doug): the given name or initial
        list_filter(poh_tokens, t -> t <> '' and not list_contains(string_split(last_key, ' '), t)
            and jaro_winkler_similarity(t, last_key) < 0.9) as given,
        contains(office_words, ' ' || last_key || ' ') as surname_in_office
    from pairs
),

evidence as (
    select
        *,
        list_contains(given, first_key) as first_exact,
        len(list_intersect(given, given_equivalents)) > 0 as first_equivalent,
        list_bool_or(list_transform(given, g -> length(g) = 1 and g = left(first_key, 1))) as initial_agrees,
        -- the typed name against the member's name written the way it was typed (surname only, initial and surname,
        -- either order), so that only typing errors lower it: "M. Walker" fits Mei and Michelle Walker equally
        case when poh_key is null then 0
            when len(given) = 0 then jaro_winkler_similarity(poh_key, last_key)
            when list_bool_and(list_transform(given, g -> length(g) = 1)) then greatest(
                jaro_winkler_similarity(poh_key, left(first_key, 1) || ' ' || last_key),
                jaro_winkler_similarity(poh_key, last_key || ' ' || left(first_key, 1)))
            else greatest(jaro_winkler_similarity(poh_key, name_key), jaro_winkler_similarity(poh_key, last_key || ' ' || first_key))
        end as typed_sim,
        len(given) > 0 and not list_bool_or(list_transform(given, g -> g = first_key or list_contains(given_equivalents, g)
            or (length(g) = 1 and g = left(first_key, 1)) or jaro_winkler_similarity(g, first_key) >= 0.9)) as first_conflict,
        coalesce(office_ward = ward, false) as ward_match,
        coalesce(office_ward <> ward or (office_ward is not null and ward is null), false) as ward_conflict,
        coalesce(office_owner = person_id and office_owner_support > 0, false) as office_owner_match,
        coalesce(office_owner <> person_id, false) as office_owner_conflict,
        names_mayor and role = 'mayor' as mayor_agrees,
        (names_mayor and role <> 'mayor') or (not names_mayor and names_councillor and role = 'mayor') as title_conflict,
        not names_mayor and role = 'mayor' as mayor_not_named
    from compared
),

strength as (
    select
        *,
        -- how well the candidate fits, on evidence a reader can check: the surname, the given name, the ward, the
        -- office text and the title; a conflict on any of them disqualifies the candidate as a rival
        (case when surname_exact then 2 when surname_sim >= 0.9 then 1 else 0 end)
            + (case when first_exact or first_equivalent then 2 when initial_agrees then 1 else 0 end)
            + ward_match::int + office_owner_match::int + mayor_agrees::int as fit,
        -- (a contact with the Mayor names the Mayor's office, so a mayor the text does not name is no rival either)
        first_conflict or ward_conflict or office_owner_conflict or title_conflict or mayor_not_named as conflicting
    from evidence
),

blocked as (
    select
        *,
        -- how many members in office that day fit the typed surname as well: a shared surname needs more evidence
        count(*) filter (where surname_sim >= 0.9) over (partition by communication_id) as surname_candidates
    from strength
    -- keep members with some sign of being the one named; the rest of the council is not a candidate
    where surname_sim >= 0.8 or surname_in_office or office_ward = ward or (names_mayor and role = 'mayor')
        or rule_person_id = person_id
),

rivals as (
    -- another candidate of the same communication without a conflict that fits at least as well (or better): the
    -- typed "Councillor Ford" with two Councillor Fords in office and nothing else fits both equally
    select a.communication_id, a.person_id,
        count(*) filter (where b.fit >= a.fit) as rivals_as_good,
        count(*) filter (where b.fit > a.fit) as rivals_better
    from blocked as a
    inner join blocked as b on b.communication_id = a.communication_id and b.person_id <> a.person_id
    where not b.conflicting and b.fit > 0
    group by all
),

features as (
    select
        b.*,
        coalesce(r.rivals_as_good, 0) as rivals_as_good,
        coalesce(r.rivals_better, 0) as rivals_better,
        map {
            'typed_name_similarity': round(typed_sim, 4),
            'surname_similarity': round(surname_sim, 4),
            'surname_exact': surname_exact::int,
            'first_name_exact': (first_exact or first_equivalent)::int,
            'initial_agrees': initial_agrees::int,
            'first_name_conflict': first_conflict::int,
            'surname_in_office_text': surname_in_office::int,
            'ward_in_office_matches': ward_match::int,
            'ward_in_office_conflicts': ward_conflict::int,
            'office_given_for_member': office_owner_match::int,
            'office_given_for_other_member': office_owner_conflict::int,
            'mayors_office': mayor_agrees::int,
            'title_conflicts': title_conflict::int,
            'mayor_not_named': mayor_not_named::int,
            'name_blank': (poh_key is null)::int,
            'other_members_same_surname': round(ln(greatest(surname_candidates, 1)), 4),
            'rival_fits_as_well': (coalesce(r.rivals_as_good, 0) > 0)::int,
            'rival_fits_better': (coalesce(r.rivals_better, 0) > 0)::int,
            'rule_resolved_to_member': coalesce(rule_person_id = b.person_id, false)::int
        } as x
    from blocked as b
    left join rivals as r using (communication_id, person_id)
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
            full_name_similarity: round(full_sim, 4), -- typed vs. the member's full name, as the unalike share counts
            given_name_as_typed: array_to_string(given, ' '),
            office_given_for: case when office_owner is not null then
                {person_id: office_owner, communications: office_owner_support} end,
            other_members_fitting_as_well: rivals_as_good,
            rule_based_resolution: {person_id: rule_person_id, rule: rule_rank},
            features: x
        }) as evidence,
        '{}'::json as extra
    from features
)

select * from final
