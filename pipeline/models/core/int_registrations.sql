-- Registrations with their client, firm and registrant resolved to organisation and person ids.
with parties as (
    select
        m.registration_id, m.party_source, m.party_type, m.ordinal, o.id as organization_id
    from int_organization_mentions as m
    inner join int_organizations as o using (org_key)
),

clients as (
    -- consultant registrations name the client as a beneficiary of type Client; in-house and voluntary
    -- registrations name the organisation itself as their firm
    select registration_id,
        arg_min(organization_id, (case
            when party_source = 'beneficiary' and lower(party_type) = 'client' then 1
            when party_source = 'beneficiary' then 3
            else 4 end, ordinal)) as consultant_client,
        arg_min(organization_id, (case
            when party_source = 'firm' and lower(party_type) in ('in-house', 'in house') then 1
            when party_source = 'firm' then 2
            else 3 end, ordinal)) as own_organization
    from parties
    group by registration_id
),

firms as (
    select registration_id,
        arg_min(organization_id, (case when lower(party_type) = 'consultant' then 1 else 2 end, ordinal)) as consultant_firm
    from parties
    where party_source = 'firm'
    group by registration_id
),

registrants as (
    select r.registration_id, arg_min(p.id, r.source_position) as lobbyist_person_id
    from stg_registry__registrants as r
    inner join int_people as p on p.natural_key = 'lobbyist:' || person_key(r.first_name, r.last_name)
    group by r.registration_id
),

final as (
    select
        r.registration_id as id,
        r.sm_digits,
        case when r.type = 'consultant' then c.consultant_client else c.own_organization end as client_organization_id,
        g.lobbyist_person_id,
        case when r.type = 'consultant' then f.consultant_firm end as firm_organization_id,
        r.type,
        r.status,
        r.subjects,
        cast(null as varchar) as topic, -- assigned by the topic link model (links issue)
        r.particulars,
        cast(null as varchar) as summary, -- written with the topic model
        cast(null as integer) as ward, -- the ward of the linked site (sites issue)
        r.initial_approval_date,
        r.start_date,
        r.end_date,
        r.subject_matter_definition,
        r.snapshot_date
    from stg_registry__registrations as r
    left join clients as c using (registration_id)
    left join firms as f using (registration_id)
    left join registrants as g using (registration_id)
)

select * from final
