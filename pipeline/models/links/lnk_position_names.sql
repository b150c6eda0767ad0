-- Position task, step 2: every name form of every organisation (canonical name, registry spellings and trade
-- names), as matching key, key without its legal form, the legal form, and the informative tokens that block.
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

final as (
    select
        k.*,
        regexp_replace(k.name_key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', '') as base,
        nullif(regexp_extract(k.name_key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', 1), '') as legal_form,
        o.org_key as organization_key,
        nullif(regexp_extract(o.org_key, ' (inc|ltd|corp|co|ulc|llc|lp|llp)$', 1), '') as organization_legal_form
    from keyed as k
    inner join organizations as o on o.id = k.organization_id
)

select * from final
