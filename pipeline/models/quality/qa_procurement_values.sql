-- Procurement, contributions and manual-group values the models could not use: nulled values and records kept out
-- of the published tables, with reasons. Same columns as qa_invalid_values. Excerpts never carry a contributor's
-- name, address or postal code: contribution rows are identified by file, position and candidate only.
with awarded_amounts as (
    select 'procurement' as source, source_file, source_position, 'value_nulled' as severity,
        'Award "' || amount_raw || '": ' || amount_issue as reason, coalesce(document_number_raw, '') as excerpt
    from stg_procurement__awarded
    where amount_issue is not null -- a present amount that is not one CAD amount
),

non_competitive_amounts as (
    select 'procurement', source_file, source_position, 'value_nulled',
        'Contract Amount "' || amount_raw || '": ' || amount_issue, workspace_number
    from stg_procurement__non_competitive
    where amount_issue is not null
),

document_numbers as (
    select 'procurement', source_file, source_position, 'value_nulled',
        'Document Number "' || document_number_raw || '": ' || document_number_issue, coalesce(supplier_raw, '')
    from stg_procurement__awarded
    where document_number_issue is not null
    union all
    select 'procurement', source_file, source_position, 'value_nulled',
        'Document Number "' || document_number_raw || '": ' || document_number_issue, coalesce(description, '')
    from stg_procurement__solicitations
    where document_number_issue is not null
),

dates as (
    select 'procurement', source_file, source_position, 'value_nulled',
        'Award date "' || date_raw || '" is not a date', coalesce(document_number_raw, '')
    from stg_procurement__awarded
    where date_raw is not null and award_date is null
    union all
    select 'procurement', source_file, source_position, 'value_nulled',
        'Contract Date "' || date_raw || '" is not a date', workspace_number
    from stg_procurement__non_competitive
    where date_raw is not null and contract_date is null
    union all
    select 'procurement', source_file, source_position, 'value_nulled',
        'Issue Date "' || coalesce(issue_date_raw, '') || '" or Submission Deadline "' || coalesce(submission_deadline_raw, '') || '" is not a date',
        coalesce(document_number_raw, '')
    from stg_procurement__solicitations
    where (issue_date_raw is not null and issue_date is null) or (submission_deadline_raw is not null and submission_deadline is null)
),

duplicate_workspaces as (
    select 'procurement', source_file, source_position, 'rejected',
        'duplicate Workspace Number ' || workspace_number || ' (first occurrence kept)', workspace_number
    from stg_procurement__non_competitive
    where workspace_number is not null
    qualify row_number() over (partition by workspace_number order by source_position) > 1
),

contribution_values as (
    select 'contributions', source_file, source_position, 'value_nulled',
        'contribution amount: ' || amount_issue, election || ' ' || coalesce(office_raw, '') || ' ' || coalesce(candidate_raw, '')
    from stg_contributions__rows
    where amount_issue is not null
    union all
    select 'contributions', source_file, source_position, 'value_nulled',
        'amount returned: ' || returned_issue, election || ' ' || coalesce(office_raw, '') || ' ' || coalesce(candidate_raw, '')
    from stg_contributions__rows
    where returned_issue is not null
),

excluded_contributions as (
    select 'contributions', source_file, source_position, 'rejected', excluded_reason,
        election || ' ' || coalesce(office_raw, '') || ' ' || coalesce(candidate_raw, '')
    from stg_contributions__rows
    where excluded_reason is not null -- kept in the warehouse, left out of campaigns
    union all
    select 'contributions', source_file, source_position, 'rejected', excluded_reason,
        election || ' ' || coalesce(office_raw, '') || ' ' || coalesce(candidate_raw, '')
    from stg_contributions__filings
    where excluded_reason is not null
),

manual_groups as (
    select 'groups', m.source_file, m.source_position, 'rejected',
        'manual group member "' || m.organization_name || '" matches no registry organisation key', m.group_name
    from stg_groups__manual as m
    -- resolved members are those int_group_edges could place (equal key, or the unique name without legal form);
    -- fuzzy matches are for the L3 merges and a reviewer, not for this list
    where not exists (select 1 from int_organizations as o where o.org_key = m.org_key
            or org_base(o.org_key) = m.org_key)
)

select * from awarded_amounts
union all select * from non_competitive_amounts
union all select * from document_numbers
union all select * from dates
union all select * from duplicate_workspaces
union all select * from contribution_values
union all select * from excluded_contributions
union all select * from manual_groups
