-- Solicitations (open and past calls): the document number normalised to 10 digits and the issue and closing dates,
-- so that award lines can be matched to the call they answered.
with source as (
    select * from src_procurement__solicitations
),

renamed as (
    select
        source_file,
        cast(source_position as bigint) as source_position,
        document_number as document_number_raw,
        document_number(document_number) as document_number,
        document_number_issue(document_number) as document_number_issue,
        nullif(trim(rfx_type), 'None') as rfx_type,
        nullif(trim(noip_type), 'None') as noip_type,
        issue_date as issue_date_raw,
        try_cast(issue_date as date) as issue_date,
        submission_deadline as submission_deadline_raw,
        try_cast(submission_deadline as date) as submission_deadline,
        nullif(trim(high_level_category), 'None') as category,
        nullif(trim(description), 'None') as description,
        nullif(trim(division), 'None') as division,
        list_filter(list_transform(string_split(coalesce(nullif(trim(division), 'None'), ''), ','), d -> trim(d)), d -> d <> '') as divisions,
        nullif(trim(wards), 'None') as wards
    from source
)

select * from renamed
