-- L3 features (docs/links-contract.md): organisation → organisation, "the two records are the same legal entity";
-- the `to` record merges into the `from` record, the one named on more registrations (then the lower id). One row
-- per blocked pair (lnk_l3_pairs) with name features over every pair of spellings and what the records share.
with spelling_pairs as (
    select
        p.organization_a, p.organization_b, p.blocked_by,
        a.spelling as spelling_a, b.spelling as spelling_b, a.base as base_a, b.base as base_b,
        a.legal_form as form_a, b.legal_form as form_b, a.spelling_kind as kind_a, b.spelling_kind as kind_b,
        a.numbered or b.numbered as numbered,
        jaro_winkler_similarity(a.base, b.base) as jw,
        1 - levenshtein(a.base, b.base) / greatest(length(a.base), length(b.base), 1) as edit_sim,
        levenshtein(a.base, b.base) as lev,
        damerau_levenshtein(a.base, b.base) as dlev,
        a.compact = b.compact as compact_equal,
        a.name_key = b.name_key as key_equal,
        string_split(a.base, ' ') as tokens_a, string_split(b.base, ' ') as tokens_b,
        (not contains(a.base, ' ') and length(a.base) between 2 and 6 and a.base = b.initials)
            or (not contains(b.base, ' ') and length(b.base) between 2 and 6 and b.base = a.initials) as initials_match
    from lnk_l3_pairs as p
    inner join lnk_l3_org_names as a on a.organization_id = p.organization_a
    inner join lnk_l3_org_names as b on b.organization_id = p.organization_b
),

scored as (
    select
        *,
        -- the two names differ only by an "s" ending a word (Properties / Propertie): another company's name as
        -- often as a typo
        base_a <> base_b and regexp_replace(base_a, 's\b', '', 'g') = regexp_replace(base_b, 's\b', '', 'g') as plural_toggle,
        dlev = 1 and lev = 2 as adjacent_swap,
        len(list_intersect(list_distinct(tokens_a), list_distinct(tokens_b)))
            / len(list_distinct(list_concat(tokens_a, tokens_b))) as token_jaccard,
        -- one name is the other plus words ("Danforth Land" / "Danforth Land Group"): a related but separate company
        base_a <> base_b and (list_has_all(tokens_a, tokens_b) or list_has_all(tokens_b, tokens_a)) as words_added
    from spelling_pairs
),

best_name as (
    -- the closest pair of official names (trade names are a separate feature)
    select * from scored
    where kind_a = 'name' and kind_b = 'name' -- trade names are compared in trade_names below
    qualify row_number() over (partition by organization_a, organization_b
        order by compact_equal desc, jw desc, edit_sim desc, spelling_a, spelling_b) = 1
),

trade_names as (
    -- a trade name is written without the legal form, so the names are compared without it
    select organization_a, organization_b, bool_or(key_equal or compact_equal or base_a = base_b) as trade_name_match,
        min(spelling_a || ' = ' || spelling_b) filter (where key_equal or compact_equal or base_a = base_b) as trade_name_pair
    from scored
    where kind_a = 'trade_name' or kind_b = 'trade_name' -- a trade name on at least one side
    group by all
),

facts as (
    select
        n.organization_a, n.organization_b,
        fa.registrations as registrations_a, fb.registrations as registrations_b,
        fa.canonical_name as name_a, fb.canonical_name as name_b,
        len(list_intersect(fa.postal_codes, fb.postal_codes)) > 0 as shared_postal_code,
        list_intersect(fa.lobbyist_ids, fb.lobbyist_ids) as shared_lobbyist_ids,
        list_intersect(fa.registration_ids, fb.registration_ids) as shared_registration_ids,
        fa.registration_ids as registration_ids_a, fb.registration_ids as registration_ids_b
    from best_name as n
    inner join lnk_l3_org_facts as fa on fa.organization_id = n.organization_a
    inner join lnk_l3_org_facts as fb on fb.organization_id = n.organization_b
),

features as (
    select
        n.*,
        f.* exclude (organization_a, organization_b),
        coalesce(t.trade_name_match, false) as trade_name_match,
        t.trade_name_pair,
        map {
            'name_similarity': round(n.jw, 4),
            'edit_similarity': round(n.edit_sim, 4),
            'token_jaccard': round(n.token_jaccard, 4),
            'same_spelling_apart_from_spaces': n.compact_equal::int,
            'same_legal_form': (n.form_a <> '' and n.form_a = n.form_b)::int,
            'legal_form_conflict': (n.form_a <> '' and n.form_b <> '' and n.form_a <> n.form_b)::int,
            'one_typo': (n.lev = 1 and not n.plural_toggle)::int,
            'adjacent_letters_swapped': n.adjacent_swap::int,
            'plural_s_differs': n.plural_toggle::int,
            'words_added': n.words_added::int,
            'initials_match': n.initials_match::int,
            'trade_name_match': coalesce(t.trade_name_match, false)::int,
            'numbered_company': n.numbered::int,
            -- a shared postal code counts only as far as the names agree: an office tower holds many companies
            'shared_postal_code_x_name_similarity': round(f.shared_postal_code::int * n.jw, 4),
            'shared_lobbyists': round(ln(1 + len(f.shared_lobbyist_ids)), 4),
            'numbered_company_shares_address_or_lobbyist': (n.numbered and (f.shared_postal_code or len(f.shared_lobbyist_ids) > 0))::int
        } as x
    from best_name as n
    inner join facts as f using (organization_a, organization_b)
    left join trade_names as t using (organization_a, organization_b)
),

final as (
    select
        'L3' as task,
        'organization' as from_type,
        -- the canonical record is the one named on more registrations; ties go to the lower id
        cast(case when registrations_a >= registrations_b then organization_a else organization_b end as varchar) as from_id,
        'organization' as to_type,
        cast(case when registrations_a >= registrations_b then organization_b else organization_a end as varchar) as to_id,
        x,
        to_json({
            question: 'Are these two organisation records the same legal entity?',
            from_record: {organization_id: case when registrations_a >= registrations_b then organization_a else organization_b end,
                name: case when registrations_a >= registrations_b then name_a else name_b end},
            to_record: {organization_id: case when registrations_a >= registrations_b then organization_b else organization_a end,
                name: case when registrations_a >= registrations_b then name_b else name_a end},
            compared_names: case when registrations_a >= registrations_b then [spelling_a, spelling_b] else [spelling_b, spelling_a] end,
            legal_forms: case when registrations_a >= registrations_b then [nullif(form_a, ''), nullif(form_b, '')]
                else [nullif(form_b, ''), nullif(form_a, '')] end,
            trade_name_match: trade_name_pair,
            features: x,
            shared_registrations: shared_registration_ids,
            shared_lobbyist_person_ids: shared_lobbyist_ids,
            same_registry_postal_code: shared_postal_code,
            registrations: {organization_a: registration_ids_a[1:5], organization_b: registration_ids_b[1:5]},
            blocked_by: blocked_by
        }) as evidence,
        '{}'::json as extra
    from features
)

select * from final
