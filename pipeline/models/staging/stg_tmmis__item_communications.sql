-- TMMIS agenda-item communications (letters, submissions, presentations…): item reference as the agenda item id,
-- received date from epoch milliseconds in Toronto time (or an ISO date), the typed organisation's matching key.
with source as (
    select * from src_tmmis__item_communications
),

renamed as (
    select
        trim(communication_id) as communication_id,
        trim(reference) as agenda_item_id,
        trim(term) as term,
        try_cast(agenda_item_id as bigint) as tmmis_agenda_item_id,
        trim(communication_number) as communication_number,
        upper(trim(communication_type_cd)) as communication_type,
        trim(communication_type_desc) as communication_type_name,
        coalesce(
            cast(timezone('America/Toronto', make_timestamptz(try_cast(date_received as bigint) * 1000)) as date),
            try_cast(left(trim(date_received), 10) as date)
        ) as date_received,
        trim(regexp_replace(communication_title, '\s+', ' ', 'g')) as title,
        trim(regexp_replace(from_name, '\s+', ' ', 'g')) as from_name,
        trim(regexp_replace(organization_name, '\s+', ' ', 'g')) as organization_name,
        org_key(organization_name) as org_key,
        trim(regexp_replace(summary, '\s+', ' ', 'g')) as summary,
        attachment_url,
        agenda_item_url,
        source_file,
        cast(source_position as bigint) as source_position
    from source
)

select * from renamed
