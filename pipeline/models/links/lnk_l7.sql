-- L7 features (docs/links-contract.md): contribution → organisation, "the contributor is a registered lobbyist of
-- the organisation (tier 1) or one of its senior officers (tier 2)"; tier 3 = a weaker match (same surname and postal
-- area, first name not agreeing), for aggregate statistics only. Blocking: an individual contribution is compared with
-- the reference people of lnk_l7_people whose surname starts with the same three letters, so pairs grow with the
-- contributions. The person is identified first (name, middle initial, and whether the contributor's postal code is
-- one the registry records for that person), and the organisation follows from the person: a lobbyist identified by
-- the address of one client is the registered lobbyist of each of their clients. The gift's recipient is never a
-- feature (the contribution insights measure exactly that). PRIVACY: the contributor's postal code is compared here
-- (same postal area: first three characters; same postal code) but never written into `evidence`, which names only
-- the contribution id, the contributor's name, the election, the candidate and the reference person's record — and
-- says "same postal area" / "postal code on the person's records" without the code.
with contributions as (
    select
        i.id as contribution_id, c.election, c.contributor_name, c.candidate_name, c.office, c.ward,
        person_key(c.contributor_first_name, '') as first_key,
        -- "First M." / "F. M.": the one-letter second word of the given names is a middle initial
        case when length(split_part(person_key(c.contributor_first_name, ''), ' ', 2)) = 1
            then split_part(person_key(c.contributor_first_name, ''), ' ', 2) end as middle,
        person_key('', c.contributor_last_name) as last_key,
        left(c.contributor_postal_code, 3) as fsa, -- private: compared only
        c.contributor_postal_code as postal_code -- private: compared only
    from stg_contributions__rows as c
    inner join int_contribution_ids as i on i.entity = 'contribution'
        and i.natural_key = c.election || '|' || c.source_file || '|' || cast(c.source_position as varchar)
    where c.contributor_kind = 'individual' -- people give as individuals; corporate gifts are the organisation itself
        and c.excluded_reason is null -- only council campaigns (trustee and third-party rows are not in scope)
        and c.contributor_last_name is not null -- a name without "Last, First" cannot be compared
),

org_areas as (
    -- the postal areas of the organisation's registry business addresses
    select organization_id, list_distinct(list_transform(postal_codes, p -> left(p, 3))) as fsas, postal_codes
    from lnk_l3_org_facts
),

pairs as (
    select c.*, p.organization_id, p.tier as ref_tier, p.basis, p.person_id, p.name as ref_name, p.first_key as ref_first,
        p.middle_key as ref_middle, p.last_key as ref_last, p.record_id, p.fsa as ref_fsa, p.postal_codes as ref_postal_codes,
        a.fsas as org_fsas, a.postal_codes as org_postal_codes
    from contributions as c
    inner join lnk_l7_people as p on left(c.last_key, 3) = left(p.last_key, 3) -- surname block
    left join org_areas as a using (organization_id)
),

nicknames as (
    -- pairs whose first names are known equivalents (Alexandra ~ Sasha; pipeline/seeds/given_name_equivalents.csv)
    select distinct p.contribution_id, p.organization_id, p.record_id
    from pairs as p
    inner join int_given_name_equivalents as e
        on e.name = split_part(coalesce(p.first_key, ''), ' ', 1) and e.equivalent = split_part(coalesce(p.ref_first, ''), ' ', 1)
),

compared as (
    select
        p.*,
        n.contribution_id is not null as first_equivalent,
        jaro_winkler_similarity(last_key, ref_last) as surname_sim,
        -- the given names only: a written middle initial is compared on its own
        jaro_winkler_similarity(split_part(coalesce(first_key, ''), ' ', 1), split_part(coalesce(ref_first, ''), ' ', 1)) as first_sim,
        split_part(coalesce(first_key, ''), ' ', 1) = split_part(coalesce(ref_first, ''), ' ', 1) as first_exact,
        left(coalesce(first_key, ''), 1) = left(coalesce(ref_first, ''), 1) as initial_agrees,
        length(split_part(coalesce(first_key, ''), ' ', 1)) = 1 as initial_only,
        coalesce(fsa = ref_fsa or list_contains(org_fsas, fsa), false) as same_area,
        coalesce(list_contains(org_postal_codes, postal_code), false) as same_postal_code,
        -- the contributor's postal code is on the person's own records: a registration they filed (their business
        -- address, their firm's, a client's) or the corporate contribution that names the officer
        coalesce(list_contains(ref_postal_codes, postal_code), false) as postal_code_on_person_records,
        -- both given names written out and different (not a spelling slip, not a known equivalent): another person
        length(split_part(coalesce(first_key, ''), ' ', 1)) > 1 and length(split_part(coalesce(ref_first, ''), ' ', 1)) > 1
            and split_part(first_key, ' ', 1) <> split_part(ref_first, ' ', 1)
            and jaro_winkler_similarity(split_part(first_key, ' ', 1), split_part(ref_first, ' ', 1)) < 0.9 as given_name_differs,
        middle is not null and ref_middle is not null and middle = ref_middle as middle_agrees,
        middle is not null and ref_middle is not null and middle <> ref_middle as middle_conflict
    from pairs as p
    left join nicknames as n using (contribution_id, organization_id, record_id)
),

kept as (
    select
        c.*,
        -- the tier the match would have: the reference person's tier when the first name agrees, else 3
        case when c.first_exact or c.first_equivalent or (c.initial_agrees and (c.initial_only or c.first_sim >= 0.85)) then c.ref_tier else 3 end as tier
    from compared as c
    -- a candidate needs the surname and either an agreeing first name (or a known equivalent) or the same postal area
    where c.surname_sim >= 0.9 and (c.initial_agrees or c.first_equivalent or c.same_area)
),

fitting as (
    -- the differently named reference people whose name fits the written one (surname, a given name or initial that
    -- agrees, no conflicting middle initial): "Robertson, A. E." fits both Anjali E. and Abena E. Robertson
    select contribution_id, list(distinct person_key(ref_name, '') order by person_key(ref_name, '')) as names
    from kept
    where (first_exact or first_equivalent or (initial_agrees and initial_only)) and not middle_conflict
        and not (given_name_differs and not first_equivalent)
    group by contribution_id
),

best as (
    -- one row per contribution and organisation: its best-fitting reference person
    select k.*, len(list_filter(coalesce(f.names, []), n -> n <> person_key(k.ref_name, ''))) > 0 as another_person_fits,
        -- the written name can be the person's: a postal code identifies only someone whose name fits (Catherine
        -- Mendes giving from Christopher Mendes's office is not him), so both postal-code features require it
        (k.initial_agrees or k.first_equivalent) and not (k.given_name_differs and not k.first_equivalent)
            and not k.middle_conflict as name_fits
    from kept as k
    left join fitting as f using (contribution_id)
    qualify row_number() over (partition by contribution_id, organization_id
        order by tier, first_exact desc, first_equivalent desc, postal_code_on_person_records desc, same_postal_code desc,
            middle_agrees desc, same_area desc, first_sim desc, record_id, basis) = 1
),

features as (
    select
        *,
        map {
            'surname_similarity': round(surname_sim, 4),
            'surname_exact': (last_key = ref_last)::int,
            'first_name_exact': first_exact::int,
            'first_name_similarity': round(first_sim, 4),
            'first_name_equivalent': first_equivalent::int,
            'initial_agrees': initial_agrees::int,
            'first_name_conflict': (not initial_agrees and not first_equivalent)::int,
            'given_name_differs': (given_name_differs and not first_equivalent)::int,
            'same_postal_area': same_area::int,
            'same_postal_code_as_organisation': (same_postal_code and name_fits)::int,
            'postal_code_on_person_records': (postal_code_on_person_records and name_fits)::int,
            -- a middle initial only adds to a given name written out that agrees: "Smith, J. A." is still two initials
            'middle_initial_agrees': (middle_agrees and (first_exact or first_equivalent) and not initial_only)::int,
            'middle_initial_conflict': middle_conflict::int,
            'another_person_fits': another_person_fits::int,
            'registered_lobbyist': (ref_tier = 1)::int,
            'senior_officer': (ref_tier = 2)::int
        } as x
    from best
),

final as (
    select
        'L7' as task,
        'contribution' as from_type,
        cast(contribution_id as varchar) as from_id,
        'organization' as to_type,
        cast(organization_id as varchar) as to_id,
        x,
        -- no postal code and no address, ever: only names, ids and whether the postal areas agree
        to_json({
            question: 'Is the contributor a registered lobbyist (tier 1) or senior officer (tier 2) of this organisation?',
            contribution: {contribution_id: contribution_id, contributor: contributor_name, election: election,
                candidate: candidate_name, office: office, ward: ward},
            organization_id: organization_id,
            matched_person: {record: record_id, person_id: person_id, name: ref_name, basis: basis},
            compared_names: [contributor_name, ref_name],
            same_postal_area: same_area,
            postal_code_on_person_records: postal_code_on_person_records and name_fits,
            tier: tier,
            features: x
        }) as evidence,
        to_json({tier: tier}) as extra
    from features
)

select * from final
