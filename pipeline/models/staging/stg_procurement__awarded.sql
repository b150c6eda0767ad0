-- Competitive award lines (one row per awarded supplier; a document awarded many times has many lines): amounts,
-- document numbers and dates parsed from the published text, with the reason whenever a value had to be nulled.
with source as (
    select * from src_procurement__awarded
),

renamed as (
    select
        source_file,
        cast(source_position as bigint) as source_position,
        document_number as document_number_raw,
        document_number(document_number) as document_number,
        document_number_issue(document_number) as document_number_issue,
        nullif(trim(rfx_type), 'None') as rfx_type,
        nullif(trim(high_level_category), 'None') as category,
        successful_supplier as supplier_raw,
        nullif(trim(regexp_replace(successful_supplier, '\s+', ' ', 'g')), '') as supplier_name,
        org_key(successful_supplier) as supplier_key,
        award as amount_raw,
        parse_amount(award) as amount,
        amount_issue(award) as amount_issue,
        amount_repair(award) as amount_repair,
        award_date as date_raw,
        try_cast(award_date as date) as award_date,
        nullif(trim(division), 'None') as division,
        -- the City joins a list of client divisions with commas
        list_filter(list_transform(string_split(coalesce(nullif(trim(division), 'None'), ''), ','), d -> trim(d)), d -> d <> '') as divisions,
        nullif(trim(description), 'None') as description,
        nullif(trim(wards), 'None') as wards
    from source
)

select * from renamed
