-- City contracts: competitive award lines and non-competitive contracts in one table, with a stable id, the
-- registry organisation whose key equals the supplier's (fuzzy matches are L6 links; the published supplier, with
-- both and the L3 merges applied, is int_contract_suppliers), and the solicitation the award answered when its
-- document number matches.
with awarded as (
    select * from stg_procurement__awarded
),

non_competitive as (
    select * from stg_procurement__non_competitive
),

solicitations as (
    -- one solicitation per document number: the latest issued wins if the City republished it
    select * from stg_procurement__solicitations
    where document_number is not null -- damaged numbers cannot be matched (counted in qa)
    qualify row_number() over (partition by document_number order by issue_date desc nulls last, source_position) = 1
),

organizations as (
    select id, org_key from int_organizations
),

award_lines as (
    select
        *,
        -- a document awarded many times (call-ups) has one line per award, numbered in award order
        row_number() over (partition by document_number
            order by award_date nulls last, supplier_key nulls last, amount nulls last, source_position) as line_n,
        -- damaged document numbers: an id from the row's own content, stable while the City republishes the row
        left(md5(concat_ws('|', document_number_raw, supplier_raw, amount_raw, date_raw, description)), 10) as content_hash
    from awarded
),

competitive as (
    select
        case when document_number is not null then 'C-' || document_number || '-' || line_n
            else 'C-X' || content_hash || case when count(*) over (partition by content_hash) > 1
                then '-' || row_number() over (partition by content_hash order by source_position) else '' end
        end as id,
        case when document_number is not null then 'C-' || document_number || '-' || lpad(cast(line_n as varchar), 6, '0')
            else 'C-X' || content_hash || '-' || lpad(cast(row_number() over (partition by content_hash order by source_position) as varchar), 6, '0')
        end as _sort,
        'competitive' as kind,
        supplier_raw, supplier_name, supplier_key, amount, amount_raw, amount_issue,
        award_date as date, division, divisions, category, description, document_number, document_number_raw,
        rfx_type as solicitation_type, cast(null as varchar) as reason, wards,
        'tobids-awarded-contracts' as source_dataset, source_file, source_position
    from award_lines
),

sole_source as (
    select
        'N-' || workspace_number as id,
        -- workspace numbers are numbers: zero-padded so that byte order is numeric order
        'N-' || lpad(workspace_number, 12, '0') as _sort,
        'non_competitive' as kind,
        supplier_raw, supplier_name, supplier_key, amount, amount_raw, amount_issue,
        contract_date as date, division, divisions, cast(null as varchar) as category, cast(null as varchar) as description,
        cast(null as varchar) as document_number, cast(null as varchar) as document_number_raw,
        cast(null as varchar) as solicitation_type, reason, wards,
        'tobids-non-competitive-contracts' as source_dataset, source_file, source_position
    from non_competitive
    where workspace_number is not null -- the adapter quarantines rows without one; the id needs it
    -- a workspace number published twice keeps its first row (the id must be unique)
    qualify row_number() over (partition by workspace_number order by source_position) = 1
),

contracts as (
    select * from competitive
    union all
    select * from sole_source
),

final as (
    select
        c.id,
        c._sort,
        c.kind,
        o.id as supplier_key_organization_id,
        c.supplier_name,
        c.supplier_raw,
        c.supplier_key,
        c.amount,
        c.amount_raw,
        c.amount_issue,
        c.date,
        c.division,
        c.divisions,
        c.category,
        c.description,
        c.document_number,
        c.document_number_raw,
        c.solicitation_type,
        c.reason,
        c.wards,
        c.source_dataset,
        s.issue_date as solicitation_issue_date,
        s.submission_deadline as solicitation_deadline,
        s.rfx_type as solicitation_rfx_type,
        s.noip_type as solicitation_noip_type,
        s.description as solicitation_description,
        s.document_number is not null as has_solicitation,
        c.source_file,
        c.source_position
    from contracts as c
    left join organizations as o on o.org_key = c.supplier_key -- equal keys only: near misses are L6 candidates
    left join solicitations as s on s.document_number = c.document_number
)

select * from final
