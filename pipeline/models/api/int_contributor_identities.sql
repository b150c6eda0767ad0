-- Who gave each contribution row, as every count of distinct contributors counts them (donor overlap, contribution
-- overlap, coordinated giving, contribution stats and the campaigns' computed contributors_n;
-- docs/methodology-insights-contributions.md, "Distinct contributors"). Within one election a row is `person:<P>` when
-- its published L7 links (tier 1 or 2: api_contributions) name one registry person P; else `person:<P>` when its
-- folded name is, in that election, the folded name of rows linked to exactly one registry person P (the lobbyist's
-- unlinked gift, or one linked at tier 2 only, under the same name); else `name:<folded name>`. The postal code plays
-- no part: a contributor who moves or gives from a second address is still one. A row with no name at all is `name:`
-- (kept, so that no count loses a row). PRIVATE: it holds folded names, and the registry people of unlinked and
-- tier-3 rows; no api table publishes it, only counts made with it.
with contribution_rows as (
    select i.id as contribution_id, r.election, coalesce(r.contributor_key, '') as name_key
    from stg_contributions__rows as r
    inner join int_contribution_ids as i on i.entity = 'contribution'
        and i.natural_key = r.election || '|' || r.source_file || '|' || cast(r.source_position as varchar)
),

person_links as (
    -- the registry people each contribution's published links name
    select distinct contribution_id, registry_person_id as person_id
    from api_contributions
    where registry_person_id is not null -- a link naming no registry person (an officer) leaves the row to its name
),

linked_people as (
    select contribution_id, min(person_id) as person_id, count(*) as people
    from person_links
    group by all
),

named_people as (
    -- per election and folded name, the registry people that name's rows are linked to
    select r.election, r.name_key, min(l.person_id) as person_id, count(distinct l.person_id) as people
    from contribution_rows as r
    inner join person_links as l using (contribution_id)
    group by all
),

final as (
    select
        r.contribution_id,
        r.election,
        case
            when l.people = 1 then 'person:' || l.person_id
            -- links naming two people (namesakes in the registry) are no one person's: the name decides, as below
            when n.people = 1 then 'person:' || n.person_id
            else 'name:' || r.name_key
        end as identity
    from contribution_rows as r
    left join linked_people as l using (contribution_id)
    left join named_people as n using (election, name_key)
)

select * from final
