-- The display name of every published record an id field can name, for answers asked with labels=1 (docs/labels.md):
-- one row per (kind, id). Names come only from published api tables, so a label publishes nothing new. A merged
-- organisation's id is labelled with its canonical record's name, as every figure counts it. Kinds without a name
-- (communications, contributions, links) have no rows: their sibling field is null.
with organizations as (
    -- every registry id of a family, merged ones too, named as the canonical record
    select 'organization' as kind, cast(k.organization_id as varchar) as id, o.canonical_name as name
    from int_organization_canonical as k
    inner join api_organizations as o on o.id = k.canonical_id
),

people as (
    select 'person' as kind, cast(id as varchar) as id, canonical_name as name from api_people
),

registrations as (
    -- the client and what was lobbied about: "Client — summary", the summary cut at a headline's length, because a
    -- communication carries this label beside three names and every byte of it is sent (and compressed) per record
    select
        'registration' as kind,
        r.id,
        concat_ws(' — ',
            coalesce(o.canonical_name, 'Unnamed client'),
            label_clip(coalesce(r.summary, nullif(array_to_string(r.subjects, ', '), '')), 48)) as name
    from api_registrations as r
    left join api_organizations as o on o.id = r.client_organization_id
),

agenda_items as (
    select 'agenda_item' as kind, id, title as name from api_agenda_items where title is not null
),

applications as (
    select 'application' as kind, id, concat_ws(' ', address, '(' || type || ')') as name
    from api_applications
    where address is not null
),

sites as (
    select 'site' as kind, cast(id as varchar) as id, address as name from api_sites
),

campaigns as (
    -- "Candidate, Office[ Ward n], election"
    select
        'campaign' as kind,
        cast(id as varchar) as id,
        concat(candidate_name, ', ', office, coalesce(' Ward ' || ward, ''), ', ', election) as name
    from api_campaigns
),

contracts as (
    select
        'contract' as kind,
        id,
        concat_ws(': ', supplier_name, label_clip(description, 90)) as name
    from api_contracts
    where coalesce(supplier_name, description) is not null
),

groups as (
    select 'group' as kind, cast(id as varchar) as id, name from api_groups where name is not null
),

topics as (
    select 'topic' as kind, id, label as name from api_topics
),

final as (
    select * from organizations
    union all select * from people
    union all select * from registrations
    union all select * from agenda_items
    union all select * from applications
    union all select * from sites
    union all select * from campaigns
    union all select * from contracts
    union all select * from groups
    union all select * from topics
)

select * from final
order by kind, id
