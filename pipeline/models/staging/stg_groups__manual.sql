-- Hand-kept organisation groups (groups/manual-groups.csv), with each named organisation's matching key.
with source as (
    select * from src_groups__manual
),

renamed as (
    select
        source_file,
        cast(source_position as bigint) as source_position,
        trim(group_name) as group_name,
        trim(organization_name) as organization_name,
        org_key(organization_name) as org_key,
        trim(basis_note) as basis_note,
        trim(source) as source
    from source
    where nullif(trim(group_name), '') is not null -- a row without a group name connects nothing (counted in qa)
)

select * from renamed
