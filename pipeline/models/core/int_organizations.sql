-- Organisations: one record per matching key, with the most used spelling as canonical name and a type.
with spellings as (
    select org_key, name, count(*) as n from int_organization_mentions group by all
),

trade_names as (
    select org_key, list(distinct trade_name) filter (where trade_name is not null) as trade_names
    from int_organization_mentions
    group by org_key
),

business_types as (
    select org_key, list(distinct lower(business_type)) filter (where business_type is not null) as business_types
    from int_organization_mentions
    group by org_key
),

named as (
    select
        org_key,
        arg_max(name, (n, name <> upper(name), name)) as canonical_name,
        list(name order by name) as spellings
    from spellings
    group by org_key
),

typed as (
    select
        n.*,
        list_sort(list_distinct(list_filter(list_concat(n.spellings, coalesce(t.trade_names, [])), a -> a <> n.canonical_name))) as aliases,
        case
            -- numbered companies: a 6-10 digit number as the whole name, before the legal form
            when regexp_matches(n.org_key, '^\d{6,10} (ontario|canada|alberta|quebec|british columbia|nova scotia|manitoba)? ?(inc|ltd|corp|co|ulc)?$') then 'numbered_company'
            when regexp_matches(n.org_key, '^(city of|government of|province of|ministry of|town of|regional municipality|metrolinx|toronto transit commission|toronto district school board|toronto catholic district school board)\b') then 'government'
            -- what the name says outranks the registry's BusinessType, which describes the lobbyist's firm
            when regexp_matches(n.org_key, '\b(association|federation|chamber of commerce|alliance|coalition|union|institute|council)\b') then 'association'
            when regexp_matches(n.org_key, '\b(foundation|charity|society|non profit|church|ymca|ywca)\b') then 'non_profit'
            when regexp_matches(n.org_key, '\b(lp|llp|partnership)$') then 'partnership'
            when regexp_matches(n.org_key, '\b(inc|ltd|corp|co|ulc|llc)$') then 'corporation'
            when list_contains(b.business_types, 'business/ industry/ trade association') or list_contains(b.business_types, 'professional/ labour association') then 'association'
            when list_contains(b.business_types, 'not-for-profit grant applicant') then 'non_profit'
            when list_contains(b.business_types, 'partnership') then 'partnership'
            when list_contains(b.business_types, 'corporation') then 'corporation'
            else 'other'
        end as type
    from named as n
    left join trade_names as t using (org_key)
    left join business_types as b using (org_key)
),

final as (
    select
        i.id,
        t.org_key,
        t.canonical_name,
        t.aliases,
        t.type,
        cast(null as integer) as group_id, -- corporate groups arrive with the procurement issue
        case
            when slugify(t.canonical_name) is null then null
            when count(*) over (partition by slugify(t.canonical_name)) > 1 then slugify(t.canonical_name) || '-' || i.id
            else slugify(t.canonical_name)
        end as slug
    from typed as t
    inner join int_entity_ids as i on i.entity = 'organization' and i.natural_key = t.org_key
)

select * from final
