-- Non-competitive contracts (one row per workspace number): amounts and dates parsed from the published text,
-- with the reason whenever a value had to be nulled.
with source as (
    select * from src_procurement__non_competitive
),

renamed as (
    select
        source_file,
        cast(source_position as bigint) as source_position,
        trim(workspace_number) as workspace_number,
        nullif(trim(reason), 'None') as reason,
        supplier_name as supplier_raw,
        nullif(trim(regexp_replace(supplier_name, '\s+', ' ', 'g')), '') as supplier_name,
        org_key(supplier_name) as supplier_key,
        contract_amount as amount_raw,
        parse_amount(contract_amount) as amount,
        amount_issue(contract_amount) as amount_issue,
        amount_repair(contract_amount) as amount_repair,
        contract_date as date_raw,
        try_cast(contract_date as date) as contract_date,
        nullif(trim(division), 'None') as division,
        list_filter(list_transform(string_split(coalesce(nullif(trim(division), 'None'), ''), ','), d -> trim(d)), d -> d <> '') as divisions,
        nullif(trim(wards), 'None') as wards
    from source
)

select * from renamed
