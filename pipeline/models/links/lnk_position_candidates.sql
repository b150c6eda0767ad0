-- Position task, step 3: communication × organisation candidates and their name features. The typed name is the
-- organisation written for when the field reads "Hollis Grant LLP, on behalf of Bayview Homes Inc." (the firm or
-- person that writes is not the one taking the position). Blocking (near-linear): the typed name shares with a
-- name form of the organisation two informative tokens (not a legal form or a stop word, used by at most 2 % of
-- organisations, at least 8) or one rare token (used by at most 8), equals one as a matching key or without the
-- legal form, or is one word equal to a name form's initials. (One shared place or founder name alone proposes
-- every organisation named for it: a hundred candidates per letter at City size.)
with typed as (
    select c.communication_id, c.agenda_item_id, c.organization_name, c.org_key,
        nullif(trim(regexp_extract(c.organization_name, '(?i)\bon behalf of\s+(.+)$', 1)), '') as client_name
    from stg_tmmis__item_communications as c
    inner join int_agenda_items as i on i.id = c.agenda_item_id
    where c.org_key is not null and c.communication_id is not null
),

communications as (
    select communication_id, agenda_item_id, organization_name, typed_key,
        case when client_name is not null then 1 else 0 end as on_behalf,
        org_base(typed_key) as typed_base,
        org_legal_form(typed_key) as typed_form
    from (select *, coalesce(org_key(client_name), org_key) as typed_key from typed)
),

names as (
    select * from lnk_position_names
),

stop_words as (
    select unnest(['the', 'and', 'of', 'for', 'de', 'la', 'inc', 'ltd', 'corp', 'co', 'ulc', 'llc', 'lp', 'llp']) as token
),

name_tokens as (
    select distinct n.organization_id, unnest(string_split(n.base, ' ')) as token from names as n
),

informative as (
    select token, df
    from (select token, count(distinct organization_id) as df from name_tokens group by token)
    cross join (select greatest(8, ceil(0.02 * count(distinct id))) as max_df from int_organizations)
    where df <= max_df and len(token) >= 3 and token not in (select token from stop_words)
),

communication_tokens as (
    select distinct communication_id, unnest(string_split(typed_base, ' ')) as token from communications
),

shared_tokens as (
    select c.communication_id, n.organization_id, count(distinct token) as shared, min(i.df) as rarest
    from communication_tokens as c
    inner join informative as i using (token)
    inner join name_tokens as n using (token)
    group by all
),

blocked as (
    select communication_id, organization_id from shared_tokens where shared >= 2 or rarest <= 8
    union
    select c.communication_id, n.organization_id
    from communications as c
    inner join names as n on n.base = c.typed_base
    union
    select c.communication_id, n.organization_id
    from communications as c
    inner join names as n on n.name_key = c.typed_key
    union
    -- "TRA" for the Toronto Restaurant Association
    select c.communication_id, n.organization_id
    from communications as c
    inner join names as n on n.name_initials = c.typed_base
    where not contains(c.typed_base, ' ')
),

-- logical CTEs

per_form as (
    -- token coverage with spelling slack: a token matches an equal token, or one within 1 edit (≥ 4 letters) or
    -- 2 edits (≥ 7 letters), so typos and plural forms count as the same word
    select b.communication_id, b.organization_id, n.name, n.name_key, n.form_kind, n.legal_form, n.organization_legal_form,
        c.typed_key, c.typed_form, c.typed_base, n.base, c.on_behalf,
        -- initials signed for the name, weighed by how many organisations share them (1 when only this one does)
        case when n.name_initials = c.typed_base then 1.0 / n.initials_organizations else 0 end as initials_hit,
        jaro_winkler_similarity(c.typed_key, n.name_key) as key_similarity,
        jaro_winkler_similarity(c.typed_base, n.base) as base_similarity,
        string_split(n.base, ' ') as form_tokens,
        string_split(c.typed_base, ' ') as typed_tokens
    from blocked as b
    inner join communications as c using (communication_id)
    inner join names as n using (organization_id)
),

coverage as (
    select *,
        len(list_filter(form_tokens, f -> len(list_filter(typed_tokens, t -> t = f
            or (len(f) >= 4 and len(t) >= 4 and damerau_levenshtein(t, f) <= 1)
            or (len(f) >= 7 and len(t) >= 7 and damerau_levenshtein(t, f) <= 2))) > 0)) / len(form_tokens) as form_covered,
        len(list_filter(typed_tokens, t -> len(list_filter(form_tokens, f -> t = f
            or (len(f) >= 4 and len(t) >= 4 and damerau_levenshtein(t, f) <= 1)
            or (len(f) >= 7 and len(t) >= 7 and damerau_levenshtein(t, f) <= 2))) = 0)) / len(typed_tokens) as typed_extra
    from per_form
),

per_candidate as (
    select communication_id, organization_id,
        max(key_similarity) as name_similarity,
        max(base_similarity) as base_similarity,
        max(case when typed_key = name_key then 1 else 0 end) as name_exact,
        max(case when typed_base = base then 1 else 0 end) as base_exact,
        max(form_covered) as org_tokens_covered,
        min(typed_extra) as typed_tokens_extra,
        -- ties broken by the name and its form, so both columns come from one deterministic row
        arg_max(name, (typed_key = name_key, key_similarity, name, form_kind)) as matched_name,
        arg_max(form_kind, (typed_key = name_key, key_similarity, name, form_kind)) as matched_form,
        any_value(typed_form) as typed_form,
        any_value(on_behalf) as on_behalf,
        max(initials_hit) as initials_match,
        any_value(organization_legal_form) as organization_legal_form
    from coverage
    group by all
),

final as (
    select * exclude (top),
        case when typed_form is not null and organization_legal_form is not null and typed_form = organization_legal_form then 1 else 0 end as legal_form_agree,
        case when typed_form is not null and organization_legal_form is not null and typed_form <> organization_legal_form then 1 else 0 end as legal_form_conflict,
        -- the organisation is (one of) the best-named candidates of the communication
        case when name_similarity >= max(name_similarity) over (partition by communication_id) - 0.000001 then 1 else 0 end as best_match,
        -- how much better this organisation's name fits than the best other candidate's (negative when another fits better)
        name_similarity - coalesce(case when name_similarity >= top[1] then top[2] else top[1] end, 0) as name_margin,
        len(top) as candidates,
        -- the typed name equals this organisation's only without the legal form, and so it equals another's
        -- ("Bayview Homes" when the registry holds Bayview Homes Inc. and its look-alike Bayview Homes Ltd.)
        case when name_exact = 0 and base_exact = 1 and sum(base_exact) over (partition by communication_id) > 1 then 1 else 0 end as base_ambiguous
    from (
        select *, list_sort(list(name_similarity) over (partition by communication_id), 'DESC') as top
        from per_candidate
    )
)

select * from final
