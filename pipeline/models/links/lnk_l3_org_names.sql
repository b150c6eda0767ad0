-- Names of every registry organisation, prepared for fuzzy comparison (L3 merges, L6 suppliers, L7 officers):
-- one row per organisation and spelling (its names as written, and its trade names), with the name folded to its
-- matching key, the legal form split off, a space-free form (catches a shifted space: "Service sLP"), the
-- initials (catches "MLE" for Maple Leaf Engineering) and the blocking tokens.
with spellings as (
    select o.id as organization_id, m.name as spelling, 'name' as spelling_kind, count(*) as mentions
    from int_organization_mentions as m
    inner join int_organizations as o using (org_key)
    group by all
    union all
    select o.id, m.trade_name, 'trade_name', count(*)
    from int_organization_mentions as m
    inner join int_organizations as o using (org_key)
    where nullif(trim(m.trade_name), '') is not null -- only mentions that state a trade name add one
    group by all
),

folded as (
    select
        *,
        -- a jurisdiction in brackets ("Granite Media (Ontario) Ltd.") names where the company is incorporated,
        -- not a different business, so it is dropped before comparing
        org_key(regexp_replace(spelling, '(?i)\((ontario|canada|toronto|quebec|alberta)\)', ' ', 'g')) as name_key
    from spellings
),

split as (
    select
        *,
        -- the legal form: the last word when it is one (a stray plural "LPs" is still the form LP)
        coalesce(nullif(regexp_extract(name_key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)s?$', 1), ''), '') as legal_form,
        trim(regexp_replace(name_key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)s?$', '')) as base
    from folded
    where name_key is not null -- a spelling made only of punctuation cannot be compared
),

final as (
    select
        organization_id,
        spelling,
        spelling_kind,
        mentions,
        name_key,
        legal_form,
        base,
        replace(name_key, ' ', '') as compact,
        -- initials of the words of the name without its legal form ("and", "of", "the" skipped)
        array_to_string(list_transform(list_filter(string_split(base, ' '), w -> w not in ('and', 'of', 'the')),
            w -> left(w, 1)), '') as initials,
        regexp_matches(base, '^\d{6,10}( ontario| canada)?$') as numbered,
        -- blocking tokens: words of four letters or more, plus the letters of the first word in sorted order (a
        -- transposed first word keeps them) and the whole name when it is short (an abbreviation)
        list_distinct(list_concat(
            list_filter(string_split(base, ' '), w -> length(w) >= 4 and not regexp_matches(w, '^\d+$')),
            ['#' || array_to_string(list_sort(string_split(split_part(base, ' ', 1), '')), '')],
            case when length(replace(base, ' ', '')) between 2 and 6 and not contains(base, ' ') then ['@' || base] else [] end,
            case when contains(base, ' ') then ['@' || array_to_string(list_transform(list_filter(string_split(base, ' '),
                w -> w not in ('and', 'of', 'the')), w -> left(w, 1)), '')] else [] end
        )) as block_tokens
    from split
    -- spellings that differ only in case or punctuation fold to one key: kept once, with the most used spelling
    qualify row_number() over (partition by organization_id, spelling_kind, name_key order by mentions desc, spelling) = 1
)

select * from final
