-- Campaign contribution rows of every election layout, parsed: amounts, contribution kind, contributor and candidate
-- names split from "Last, First", office and ward, the contributor's city taken from the address. Contributor
-- addresses and postal codes stay here and in core for matching only: no api table may carry them.
with source as (
    select * from src_contributions__rows
),

parsed as (
    select
        source_file,
        cast(source_position as bigint) as source_position,
        election,
        office_file,
        layout,
        trim(regexp_replace(contributor_name, '\s+', ' ', 'g')) as contributor_name,
        contributor_address,
        -- the address's comma-separated parts, whitespace collapsed, each without a trailing postal code, province or
        -- country: "100 King St W, Toronto, ON M5X 1A9" → [100 King St W, Toronto]
        list_filter(
            list_transform(string_split(coalesce(contributor_address, ''), ','), p -> trim(regexp_replace(
                regexp_replace(trim(regexp_replace(p, '\s+', ' ', 'g')), '\s*[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$', ''),
                '(^|\s)(on|ont|ontario|canada|can|cdn)\.?(\s+(on|ont|ontario|canada|can|cdn)\.?)*$', '', 'i'), ' .')),
            p -> p <> ''
        ) as address_parts,
        upper(regexp_replace(coalesce(contributor_postal_code, ''), '\s', '', 'g')) as postal_raw,
        amount as amount_raw,
        parse_amount(amount) as amount,
        amount_issue(amount) as amount_issue,
        returned as returned_raw,
        parse_amount(returned) as returned,
        amount_issue(returned) as returned_issue,
        case
            when lower(contribution_type) like 'monetary%' then 'monetary'
            when lower(contribution_type) like '%goods%' or lower(contribution_type) like '%service%' then 'in_kind'
        end as kind,
        contribution_type as contribution_type_raw,
        goods_description,
        contributor_type,
        relationship,
        trim(candidate) as candidate_raw,
        coalesce(office, case when office_file ilike '%mayor%' then 'Mayor' when office_file ilike '%council%' then 'Councillor' end) as office_raw,
        ward as ward_raw,
        contribution_date as contribution_date_raw,
        coalesce(try_strptime(contribution_date, '%b %d, %Y'), try_cast(contribution_date as date))::date as contribution_date
    from source
),

classified as (
    select
        *,
        -- organisations give under their own name; the registry of 2014 types them, later files type some as
        -- Individual (numbered companies), so a comma-less name with a legal form counts as an organisation too
        case
            when lower(coalesce(contributor_type, '')) in ('corporation', 'trade union', 'union', 'organization', 'organisation') then 'organization'
            when not contains(contributor_name, ',')
                and regexp_matches(lower(contributor_name), '\b(inc|ltd|corp|corporation|limited|incorporated|lp|llp|ulc|co)\b\.?$|^\d{6,}') then 'organization'
            else 'individual'
        end as contributor_kind,
        case
            when lower(office_raw) like 'mayor%' then 'Mayor'
            when lower(office_raw) like 'councillor%' or lower(office_raw) like 'councilor%' then 'Councillor'
        end as office,
        case
            when lower(office_raw) like 'mayor%' or lower(office_raw) like 'councillor%' or lower(office_raw) like 'councilor%' then null
            when lower(office_raw) like '%school board%' or lower(office_raw) like '%trustee%' or lower(office_raw) like '%conseil scolaire%'
                then 'contribution to a school board trustee candidate: not a council campaign'
            when lower(office_raw) like '%third party%' then 'contribution to a third-party advertiser: not a council campaign'
            else 'office "' || coalesce(office_raw, '') || '" is not Mayor or Councillor'
        end as excluded_reason,
        -- "Last, First" (the City's order); a name without a comma is kept whole as the last name
        case when contains(candidate_raw, ',') then trim(split_part(candidate_raw, ',', 1)) else candidate_raw end as candidate_last,
        case when contains(candidate_raw, ',') then nullif(trim(substr(candidate_raw, strpos(candidate_raw, ',') + 1)), '') end as candidate_first
    from parsed
),

final as (
    select
        source_file,
        source_position,
        election,
        office_file,
        layout,
        contributor_name,
        contributor_kind,
        case when contributor_kind = 'individual' and contains(contributor_name, ',')
            then trim(split_part(contributor_name, ',', 1)) end as contributor_last_name,
        case when contributor_kind = 'individual' and contains(contributor_name, ',')
            then nullif(trim(substr(contributor_name, strpos(contributor_name, ',') + 1)), '') end as contributor_first_name,
        -- the contributor's matching key: a person key for people, an organisation key for organisations
        case when contributor_kind = 'organization' then org_key(contributor_name)
            when contains(contributor_name, ',') then person_key(trim(substr(contributor_name, strpos(contributor_name, ',') + 1)), split_part(contributor_name, ',', 1))
            else person_key('', contributor_name) end as contributor_key,
        contributor_address, -- private: linking only
        -- published: the city, the last address part after the street, kept only when it cannot be a street, a unit or
        -- a postal code (no digit, no unit word, no street type at its end), so no part of the address itself leaks.
        -- Individuals' rows carry no address (only organisations' do): their city is Toronto when the postal code's
        -- forward sortation area is an M one (Canada Post's M region is exactly the City of Toronto), else unknown
        -- (null); only the city is derived, the postal code itself is never published
        case when len(address_parts) >= 2
            and not regexp_matches(address_parts[-1], '\d')
            and not regexp_matches(upper(address_parts[-1]), '\b(SUITE|STE|UNIT|APT|APARTMENT|FLOOR|FLR|FL|BOX|PO|STATION|STN|RR|ROOM|RM|BLDG|BUILDING)\b')
            and not regexp_matches(upper(address_parts[-1]),
                '\b(' || site_street_types_re() || ')\.?(\s+(EAST|WEST|NORTH|SOUTH|E|W|N|S))?$')
            then address_parts[-1]
            when regexp_matches(postal_raw, '^M\d[A-Z]\d[A-Z]\d$') and postal_raw <> 'M0M0M0' then 'Toronto'
            end as contributor_city,
        -- private: linking only; the placeholder M0M 0M0 and malformed codes are not postal codes
        case when regexp_matches(postal_raw, '^[A-Z]\d[A-Z]\d[A-Z]\d$') and postal_raw <> 'M0M0M0' then postal_raw end as contributor_postal_code,
        amount_raw,
        amount,
        amount_issue,
        returned_raw,
        returned,
        returned_issue,
        kind,
        contribution_type_raw,
        goods_description,
        contributor_type,
        relationship,
        candidate_raw,
        candidate_first,
        candidate_last,
        trim(coalesce(candidate_first || ' ', '') || coalesce(candidate_last, '')) as candidate_name,
        person_key(candidate_first, candidate_last) as candidate_key,
        office_raw,
        office,
        excluded_reason,
        -- wards only for councillors (the 2022 export writes 0 for the Mayor); 2014 uses the 44-ward numbers
        case when office = 'Councillor' then nullif(try_cast(trim(ward_raw) as integer), 0) end as ward,
        ward_raw,
        contribution_date_raw,
        contribution_date
    from classified
)

select * from final
