-- A record merged into another by published L3 links is never published as an organisation of its own: no list
-- names it, no organisation field of a published table or insight holds its id (each names the canonical record),
-- and its detail answers with the canonical record. A model that splits a merged organisation fails the night here.
with merged as (
    select cast(organization_id as varchar) as id from int_organization_canonical where not is_canonical
),

named as (
    select 'api_organizations.id' as field, cast(id as varchar) as id from api_organizations
    union all select 'api_organizations_detail.id', id from api_organizations_detail
    union all select 'api_registrations.client_organization_id', cast(client_organization_id as varchar) from api_registrations
    union all select 'api_registrations.firm_organization_id', cast(firm_organization_id as varchar) from api_registrations
    union all select 'api_contracts.supplier_organization_id', cast(supplier_organization_id as varchar) from api_contracts
    union all select 'api_contributions.organization_id', cast(organization_id as varchar) from api_contributions
    union all select 'api_groups_detail.member', cast(m.id as varchar)
        from api_groups_detail as g, unnest(json_transform(g.doc -> '$.member_organizations', '[{"id": "INTEGER"}]')) as u(m)
    union all select 'api_insight_firm_clients.firm_organization_id', cast(firm_organization_id as varchar) from api_insight_firm_clients
    union all select 'api_insight_firm_clients.client_organization_id', cast(client_organization_id as varchar) from api_insight_firm_clients
    union all select 'api_insight_procurement_timeline.organization_id', cast(organization_id as varchar) from api_insight_procurement_timeline
    union all select 'api_insight_procurement_timeline.supplier_organization_id', cast(supplier_organization_id as varchar)
        from api_insight_procurement_timeline
    union all select 'api_insight_noncompetitive_share.scope_id', scope_id from api_insight_noncompetitive_share where scope = 'supplier'
    union all select 'api_insight_upcoming.client_organization_id', cast(client_organization_id as varchar) from api_insight_upcoming
    union all select 'api_insight_meeting_rates.subject_id', subject_id from api_insight_meeting_rates where subject_type = 'firm'
    union all select 'api_insight_disclosure_lag.subject_id', subject_id from api_insight_disclosure_lag where subject_type = 'firm'
    union all select 'api_insight_contribution_overlap.organization_id', cast(organization_id as varchar) from api_insight_contribution_overlap
    union all select 'api_insight_coordinated_giving.organization_id', cast(organization_id as varchar) from api_insight_coordinated_giving
)

select n.field, n.id, 'names a record merged into another (L3): publish the canonical record' as problem
from named as n
inner join merged as m using (id)
union all
select m.id, m.id, 'merged record does not answer with its canonical record at /organizations/{id}'
from merged as m
where not exists (
    select 1 from api_organizations_detail as d, unnest(d.aliases) as a(name) where a.name = m.id)
