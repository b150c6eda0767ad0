-- People with stable ids and one display name each: members of council, lobbyists, and named staff.
with member_names as (
    -- a member's latest spelling (names change, e.g. on marriage, and later lists are better maintained)
    select 'member:' || name_key as natural_key, 'member' as kind,
        arg_max(first_name, (start_date, last_name, first_name)) as first_name,
        arg_max(last_name, (start_date, last_name, first_name)) as last_name
    from int_member_terms
    group by name_key
),

lobbyist_spellings as (
    select name_key, first_name, last_name, count(*) as n
    from int_lobbyist_mentions
    group by all
),

lobbyist_names as (
    -- the spelling used most often; ties go to the mixed-case, then alphabetically first, spelling
    select 'lobbyist:' || name_key as natural_key, 'lobbyist' as kind,
        arg_max(first_name, (n, first_name <> upper(first_name), -ascii(first_name))) as first_name,
        arg_max(last_name, (n, last_name <> upper(last_name), -ascii(last_name))) as last_name
    from lobbyist_spellings
    group by name_key
),

staff_spellings as (
    select name_key,
        trim(regexp_replace(poh_name, '(?i)\b(mr|mrs|ms|miss|dr|hon|councillor|councilor|mayor|deputy|chief|of|staff|the)\b\.?', ' ', 'g')) as clean_name,
        count(*) as n
    from int_staff_mentions
    group by all
),

staff_names as (
    select 'staff:' || name_key as natural_key, 'staff' as kind,
        regexp_extract(arg_max(clean_name, (n, clean_name)), '^(\S+)', 1) as first_name,
        regexp_extract(arg_max(clean_name, (n, clean_name)), '(\S+)$', 1) as last_name
    from staff_spellings
    group by name_key
),

named as (
    select n.*, i.id, trim(coalesce(n.first_name, '') || ' ' || coalesce(n.last_name, '')) as canonical_name
    from (select * from member_names union all select * from lobbyist_names union all select * from staff_names) as n
    inner join int_entity_ids as i on i.entity = 'person' and i.natural_key = n.natural_key
),

final as (
    select
        id,
        natural_key,
        kind,
        canonical_name,
        nullif(first_name, '') as first_name,
        nullif(last_name, '') as last_name,
        -- slugs are unique: a shared name gets the id appended
        case
            when slugify(canonical_name) is null then null
            when count(*) over (partition by slugify(canonical_name)) > 1 then slugify(canonical_name) || '-' || id
            else slugify(canonical_name)
        end as slug
    from named
)

select * from final
