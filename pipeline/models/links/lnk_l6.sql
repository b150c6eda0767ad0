-- L6 features (docs/links-contract.md): contract → organisation, "the contract's supplier is that lobbying
-- organisation". Suppliers are folded like organisation names (lnk_l3_org_names); a supplier is compared only with
-- organisations sharing a blocking token (a word of four letters or more, the sorted letters of the first word, or
-- initials), tokens shared by more than 40 organisations being skipped, so the pairs grow with the contracts.
with suppliers as (
    select
        id as contract_id,
        supplier_raw,
        org_key(regexp_replace(supplier_raw, '(?i)\((ontario|canada|toronto|quebec|alberta)\)', ' ', 'g')) as name_key,
        regexp_matches(supplier_raw, '(?i)\((ontario|canada|toronto|quebec|alberta)\)') as jurisdiction_in_brackets,
        kind, date, amount, source_dataset, source_file, source_position
    from int_contracts
    where nullif(trim(supplier_raw), '') is not null -- a contract without a supplier name has nothing to match
),

split as (
    select
        *,
        coalesce(nullif(regexp_extract(name_key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)s?$', 1), ''), '') as legal_form,
        trim(regexp_replace(name_key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)s?$', '')) as base,
        replace(name_key, ' ', '') as compact
    from suppliers
    where name_key is not null -- punctuation-only supplier names cannot be compared
),

supplier_tokens as (
    select distinct contract_id, unnest(list_concat(
        list_filter(string_split(base, ' '), w -> length(w) >= 4 and not regexp_matches(w, '^\d+$')),
        ['#' || array_to_string(list_sort(string_split(split_part(base, ' ', 1), '')), '')],
        case when not contains(base, ' ') and length(base) between 2 and 6 then ['@' || base] else [] end)) as block_key
    from split
),

org_tokens as (
    select distinct organization_id, unnest(block_tokens) as block_key from lnk_l3_org_names
),

usable_org_tokens as (
    select * from org_tokens
    qualify count(*) over (partition by block_key) <= 40 -- a word shared by many organisations blocks nothing
),

pairs as (
    select distinct s.contract_id, o.organization_id
    from supplier_tokens as s
    inner join usable_org_tokens as o using (block_key)
),

compared as (
    select
        p.contract_id, p.organization_id, s.supplier_raw, n.spelling, s.base as base_s, n.base as base_o,
        s.legal_form as form_s, n.legal_form as form_o, n.spelling_kind, s.jurisdiction_in_brackets,
        jaro_winkler_similarity(s.base, n.base) as jw,
        1 - levenshtein(s.base, n.base) / greatest(length(s.base), length(n.base), 1) as edit_sim,
        levenshtein(s.base, n.base) as lev,
        damerau_levenshtein(s.base, n.base) as dlev,
        s.compact = n.compact as compact_equal,
        s.name_key = n.name_key as key_equal,
        string_split(s.base, ' ') as tokens_s, string_split(n.base, ' ') as tokens_o,
        -- the words each name has that the other lacks, joined
        array_to_string(list_filter(string_split(s.base, ' '), t -> not list_contains(string_split(n.base, ' '), t)), ' ') as extra_s,
        array_to_string(list_filter(string_split(n.base, ' '), t -> not list_contains(string_split(s.base, ' '), t)), ' ') as extra_o,
        not contains(s.base, ' ') and length(s.base) between 2 and 6 and s.base = n.initials and contains(n.base, ' ') as initials_match,
        s.kind, s.date, s.amount, s.source_dataset, s.source_file, s.source_position
    from pairs as p
    inner join split as s using (contract_id)
    inner join lnk_l3_org_names as n using (organization_id)
),

best as (
    -- the organisation's spelling closest to the supplier
    select
        *,
        base_s <> base_o and regexp_replace(base_s, 's\b', '', 'g') = regexp_replace(base_o, 's\b', '', 'g') as plural_toggle,
        base_s <> base_o and (list_has_all(tokens_s, tokens_o) or list_has_all(tokens_o, tokens_s)) as words_added,
        len(list_intersect(list_distinct(tokens_s), list_distinct(tokens_o))) / len(list_distinct(list_concat(tokens_s, tokens_o))) as token_jaccard,
        -- each name has words the other lacks and those words are not one misspelt: 'Trillium Construction' is not
        -- Trillium Consulting, 'Northway Consulting' not Northstar Consulting, whatever the shared prefix lends
        -- Jaro-Winkler; 'Tirllium' and 'Caterign' are typos of one word (edit similarity of the leftovers >= 0.7)
        extra_s <> '' and extra_o <> ''
            and 1 - levenshtein(extra_s, extra_o) / greatest(length(extra_s), length(extra_o)) < 0.7 as a_word_differs,
        -- how well the name fits, to rank the organisations a supplier could be: the same name first, then the
        -- closest spelling; a legal form that does not contradict the supplier's breaks ties
        (case when key_equal or compact_equal then 1.2 when base_s = base_o then 1.1 else jw end)
            + case when form_s = '' or form_o = '' or form_s = form_o then 0.05 else 0 end as name_fit
    from compared
    qualify row_number() over (partition by contract_id, organization_id
        order by key_equal desc, compact_equal desc, initials_match desc, jw desc, spelling, spelling_kind, base_o, form_o,
            supplier_raw) = 1 -- the last keys only break ties, so the row (and its evidence) is the same every night
),

initials_rivals as (
    -- other organisations the supplier's initials fit as well: a different name (a typo record of the same
    -- organisation is no rival) with a compatible legal form. "BB Inc." fits Beaches Brewing Inc. and Bayview
    -- Builders Incorporated alike, and then neither is the supplier with confidence; at the City's size two-letter
    -- initials nearly always have such a rival.
    select a.contract_id, a.organization_id, count(distinct b.organization_id) as rivals
    from best as a
    inner join best as b on b.contract_id = a.contract_id and b.organization_id <> a.organization_id
    where a.initials_match and b.initials_match
        and jaro_winkler_similarity(a.base_o, b.base_o) < 0.9
        and (a.form_s = '' or b.form_o = '' or b.form_o = a.form_s)
    group by all
),

closer_rivals as (
    -- a differently named organisation fits the supplier's name better: 'Pinnacle Twing Inc.' is Pinnacle Towing
    -- Inc. rather than its look-alike Pinnacle Towing Corp., 'Hoggs Hollow Transportation (Ontario) Ltd.' is Hoggs
    -- Hollow Transportation Ltd. rather than the Hoggs Hollow Foundation. A supplier is one organisation, so the
    -- closer one wins; typo records of that organisation lose too, but L3 merges them into it.
    select a.contract_id, a.organization_id, count(distinct b.organization_id) as closer
    from best as a
    inner join best as b on b.contract_id = a.contract_id and b.organization_id <> a.organization_id
    where b.base_o <> a.base_o and b.name_fit > a.name_fit + 0.01
    group by all
),

ambiguity as (
    -- how many organisations the supplier's name fits equally well: initials or a name without legal form can
    -- belong to several, and then none of them is the supplier with confidence
    select best.*, coalesce(r.rivals, 0) as initials_rivals, coalesce(c.closer, 0) > 0 as closer_elsewhere,
        count(*) filter (where initials_match) over (partition by contract_id) as initials_orgs,
        count(*) filter (where base_s = base_o) over (partition by contract_id) as same_name_orgs,
        count(*) filter (where base_s = base_o and (form_s = '' or form_o = '' or form_s = form_o)) over (partition by contract_id) as compatible_name_orgs
    from best
    left join initials_rivals as r using (contract_id, organization_id)
    left join closer_rivals as c using (contract_id, organization_id)
),

features as (
    select
        *,
        map {
            'name_similarity': round(jw, 4),
            'edit_similarity': round(edit_sim, 4),
            'token_jaccard': round(token_jaccard, 4),
            'same_name': (key_equal or compact_equal)::int,
            'same_legal_form': (form_s <> '' and form_s = form_o)::int,
            'legal_form_conflict': (form_s <> '' and form_o <> '' and form_s <> form_o and not compact_equal)::int,
            'legal_form_missing': ((form_s = '') <> (form_o = ''))::int,
            'one_typo': (lev = 1 and not plural_toggle)::int,
            'adjacent_letters_swapped': (dlev = 1 and lev = 2)::int,
            'plural_s_differs': plural_toggle::int,
            'words_added': words_added::int,
            -- the supplier adds a jurisdiction to the organisation's own name ('Parkview Urban (Ontario) Inc.');
            -- beside another name it says nothing about this pair
            'jurisdiction_in_brackets': (jurisdiction_in_brackets and base_s = base_o)::int,
            'another_organisation_fits_closer': closer_elsewhere::int,
            'a_word_differs': (a_word_differs and not initials_match and spelling_kind <> 'trade_name')::int,
            'initials_match': initials_match::int,
            'initials_and_legal_form_match': (initials_match and form_s <> '' and form_s = form_o)::int,
            'initials_fit_another_organisation': (initials_match and initials_rivals > 0)::int,
            'name_fits_several_organisations': (base_s = base_o and compatible_name_orgs > 1)::int,
            'trade_name': (spelling_kind = 'trade_name')::int
        } as x
    from ambiguity
),

final as (
    select
        'L6' as task,
        'contract' as from_type,
        contract_id as from_id,
        'organization' as to_type,
        cast(organization_id as varchar) as to_id,
        x,
        to_json({
            question: 'Is the contract''s supplier this lobbying organisation?',
            contract: {contract_id: contract_id, supplier_as_published: supplier_raw, kind: kind, date: date, amount: amount,
                source: source_dataset, source_file: source_file, source_row: source_position},
            organization: {organization_id: organization_id, compared_spelling: spelling, spelling_kind: spelling_kind},
            compared_names: [supplier_raw, spelling],
            legal_forms: [nullif(form_s, ''), nullif(form_o, '')],
            features: x
        }) as evidence,
        '{}'::json as extra
    from features
)

select * from final
