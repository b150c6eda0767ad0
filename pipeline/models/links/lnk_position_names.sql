-- Position task, step 2: every name form of every organisation (canonical name, registry spellings and trade
-- names), as matching key, key without its legal form, the legal form, and its initials (Toronto Restaurant
-- Association → tra; letters often sign with them), with how many organisations share those initials.
with organizations as (
    select id, org_key, canonical_name, aliases from int_organizations
),

forms as (
    select id as organization_id, canonical_name as name, 'canonical' as form_kind from organizations
    union all
    select id, unnest(aliases), 'alias' from organizations
),

keyed as (
    select distinct organization_id, form_kind, name, org_key(name) as name_key
    from forms
    where org_key(name) is not null
),

based as (
    select *, org_base(name_key) as base from keyed
),

initialled as (
    select *,
        -- first letters of the base's words, "and", "of", "the" skipped (as lnk_l3_org_names reads initials); three
        -- letters at least, shorter ones name too many organisations
        nullif(list_aggregate(list_transform(list_filter(string_split(base, ' '),
            w -> w <> '' and not list_contains(['and', 'of', 'the'], w)), w -> left(w, 1)), 'string_agg', ''), '') as initials
    from based
),

eligible as (
    select * exclude (initials), case when len(initials) >= 3 then initials end as name_initials from initialled
),

initials_load as (
    -- organisations whose names give the same initials: "TRA" is ambiguous when several do
    select name_initials, count(distinct organization_id) as initials_organizations
    from eligible where name_initials is not null group by name_initials
),

final as (
    select
        k.*,
        l.initials_organizations,
        org_legal_form(k.name_key) as legal_form,
        o.org_key as organization_key,
        org_legal_form(o.org_key) as organization_legal_form
    from eligible as k
    inner join organizations as o on o.id = k.organization_id
    left join initials_load as l using (name_initials)
)

select * from final
